import { centsToYuanString } from '@factoring/domain';
import ExcelJS from 'exceljs';
import type { OrderRow } from './api.ts';
import { ORDER_KIND_LABELS } from './labels.ts';

/**
 * The order list as a workbook, built in the browser only when the user exports (exceljs stays out
 * of the page's chunk). Amounts are numbers of yuan from the exact cent text, so Excel can sum them.
 */
export async function exportOrdersToExcel(items: OrderRow[], filterText: string): Promise<string> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Factoring Portal';
  const ws = wb.addWorksheet('购销订单');
  ws.addRow(['购销订单']);
  ws.addRow([`筛选：${filterText || '全部'}`]);
  ws.addRow([]);
  ws.addRow([
    '订单号',
    '类型',
    '交易对手',
    '交货日期',
    '不含税金额（元）',
    '税额（元）',
    '价税合计（元）',
    '已付/已收（元）',
    '未付/未收（元）',
    '状态',
  ]).font = { bold: true };
  const y = (c: number) => Number(centsToYuanString(c));
  for (const o of items) {
    ws.addRow([
      o.orderNo,
      ORDER_KIND_LABELS[o.kind],
      o.counterpartyName,
      o.deliveryDate,
      y(o.amount),
      y(o.tax),
      y(o.totalAmount),
      y(o.paidAmount),
      y(o.outstanding),
      o.statusLabel,
    ]);
  }
  for (const c of [5, 6, 7, 8, 9]) ws.getColumn(c).numFmt = '#,##0.00';
  [22, 10, 30, 12, 16, 14, 16, 16, 16, 10].forEach((w, i) => (ws.getColumn(i + 1).width = w));
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const name = `购销订单_${new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '')}.xlsx`;
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
