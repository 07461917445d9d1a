import { centsToYuanString, REPAYMENT_METHOD_LABELS, formatPercent, type RepaymentMethod } from '@factoring/domain';
import type { CloudLoanSchedule } from '@factoring/domain/contract';
import ExcelJS from 'exceljs';

/**
 * The trial as an Excel workbook (this module is imported only when the user exports, so exceljs
 * stays out of the page's chunk). Amounts are numbers of yuan from the exact cent text, two decimals.
 */
export async function exportScheduleToExcel(
  schedule: CloudLoanSchedule,
  input: { amount: number; annualRatePpm: number; termMonths: number; method: RepaymentMethod; startDate: string },
): Promise<string> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Factoring Portal';
  const ws = wb.addWorksheet('还款计划');
  const yuan = (c: number) => Number(centsToYuanString(c));
  ws.addRow(['银行云贷还款试算']);
  ws.addRow([
    '借款金额（元）',
    yuan(input.amount),
    '年利率',
    formatPercent(input.annualRatePpm),
    '期限（月）',
    input.termMonths,
    '还款方式',
    REPAYMENT_METHOD_LABELS[input.method],
    '起息日',
    input.startDate,
  ]);
  ws.addRow([]);
  ws.addRow(['期数', '还款日', '月供（元）', '本金（元）', '利息（元）', '剩余本金（元）']).font = { bold: true };
  for (const r of schedule.rows) ws.addRow([r.period, r.dueDate, yuan(r.payment), yuan(r.principal), yuan(r.interest), yuan(r.remaining)]);
  ws.addRow(['合计', '', yuan(schedule.totals.payment), yuan(schedule.totals.principal), yuan(schedule.totals.interest), '']).font = {
    bold: true,
  };
  for (const c of [3, 4, 5, 6]) ws.getColumn(c).numFmt = '#,##0.00';
  [10, 14, 16, 16, 16, 18].forEach((w, i) => (ws.getColumn(i + 1).width = w));
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const name = `还款试算_${input.termMonths}期_${input.startDate.replaceAll('-', '')}.xlsx`;
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
