import { centsToYuanString, chinaDate } from '@factoring/domain';
import ExcelJS from 'exceljs';
import type { FundFlow } from '@factoring/domain';
import { dateTime } from '../../lib/format.ts';

/**
 * Builds the fund-flow workbook (loaded only when the user exports: exceljs stays out of every page's
 * chunk) and hands it to the browser as a download. Amounts are written as numbers of yuan with two
 * decimals from the exact cent text, so Excel can sum them.
 */
export async function exportFlowsToExcel(
  items: FundFlow[],
  meta: { accountNo: string; accountName: string; filterText: string },
): Promise<string> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Factoring Portal';
  const ws = wb.addWorksheet('资金流水');
  ws.addRow([`${meta.accountName} 资金流水`]);
  ws.addRow([`虚拟账号：${meta.accountNo}`, '', '', `筛选：${meta.filterText || '全部'}`]);
  ws.addRow([]);
  const header = ws.addRow(['交易时间', '流水号', '类型', '收支', '金额（元）', '对方户名', '对方账号', '备注']);
  header.font = { bold: true };
  for (const f of items) {
    const yuan = Number(centsToYuanString(f.direction === 'IN' ? f.amount : -f.amount));
    ws.addRow([
      dateTime(f.createdAt),
      f.refNo,
      f.typeLabel,
      f.direction === 'IN' ? '收入' : '支出',
      yuan,
      f.counterpartyName ?? '',
      f.counterpartyAccount ?? '',
      f.memo ?? '',
    ]);
  }
  ws.getColumn(5).numFmt = '#,##0.00';
  [20, 22, 14, 8, 16, 28, 22, 24].forEach((w, i) => (ws.getColumn(i + 1).width = w));
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const name = `资金流水_${chinaDate().replaceAll('-', '')}.xlsx`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
