import { chinaDate } from '@factoring/domain';
import { buildWorkbook, downloadWorkbook } from '../../lib/excel-export.ts';
import type { OrderRow } from './api.ts';
import { ORDER_KIND_LABELS } from './labels.ts';

/** The order list as a workbook: delivery dates as date cells, amounts in yuan with a totals row. */
export function ordersWorkbook(items: OrderRow[], filterText: string) {
  return buildWorkbook({
    sheetName: '购销订单',
    preamble: [['购销订单'], [`筛选：${filterText || '全部'}`], []],
    columns: [
      { header: '订单号', width: 22, value: (o) => o.orderNo },
      { header: '类型', width: 10, value: (o) => ORDER_KIND_LABELS[o.kind] },
      { header: '交易对手', width: 30, value: (o) => o.counterpartyName },
      { header: '交货日期', width: 12, kind: 'date', value: (o) => o.deliveryDate },
      { header: '不含税金额（元）', width: 16, kind: 'money', value: (o) => o.amount },
      { header: '税额（元）', width: 14, kind: 'money', value: (o) => o.tax },
      { header: '价税合计（元）', width: 16, kind: 'money', value: (o) => o.totalAmount },
      { header: '已付/已收（元）', width: 16, kind: 'money', value: (o) => o.paidAmount },
      { header: '未付/未收（元）', width: 16, kind: 'money', value: (o) => o.outstanding },
      { header: '状态', width: 10, value: (o) => o.statusLabel },
    ],
    rows: items,
  });
}

/** Builds the workbook and downloads it (this module is loaded only when the user exports). */
export async function exportOrdersToExcel(items: OrderRow[], filterText: string): Promise<string> {
  return downloadWorkbook(ordersWorkbook(items, filterText), `购销订单_${chinaDate().replaceAll('-', '')}.xlsx`);
}
