import { chinaDate, type FundFlow } from '@factoring/domain';
import { buildWorkbook, downloadWorkbook } from '../../lib/excel-export.ts';

type FlowsMeta = { accountNo: string; accountName: string; filterText: string };

/** The fund-flow workbook: real date cells, signed amounts in yuan (income +, expense −) and their net total. */
export function flowsWorkbook(items: FundFlow[], meta: FlowsMeta) {
  return buildWorkbook({
    sheetName: '资金流水',
    preamble: [[`${meta.accountName} 资金流水`], [`虚拟账号：${meta.accountNo}`, '', '', `筛选：${meta.filterText || '全部'}`], []],
    columns: [
      { header: '交易时间', width: 20, kind: 'dateTime', value: (f) => f.createdAt },
      { header: '流水号', width: 22, value: (f) => f.refNo },
      { header: '类型', width: 14, value: (f) => f.typeLabel },
      { header: '收支', width: 8, value: (f) => (f.direction === 'IN' ? '收入' : '支出') },
      { header: '金额（元）', width: 16, kind: 'money', value: (f) => (f.direction === 'IN' ? f.amount : -f.amount) },
      { header: '对方户名', width: 28, value: (f) => f.counterpartyName ?? '' },
      { header: '对方账号', width: 22, value: (f) => f.counterpartyAccount ?? '' },
      { header: '备注', width: 24, value: (f) => f.memo ?? '' },
    ],
    rows: items,
  });
}

/** Builds the workbook and downloads it (this module is loaded only when the user exports). */
export async function exportFlowsToExcel(items: FundFlow[], meta: FlowsMeta): Promise<string> {
  return downloadWorkbook(flowsWorkbook(items, meta), `资金流水_${chinaDate().replaceAll('-', '')}.xlsx`);
}
