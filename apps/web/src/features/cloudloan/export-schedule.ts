import { centsToYuanString, REPAYMENT_METHOD_LABELS, formatPercent, type RepaymentMethod } from '@factoring/domain';
import type { CloudLoanSchedule } from '@factoring/domain/contract';
import { buildWorkbook, downloadWorkbook } from '../../lib/excel-export.ts';

type TrialInput = { amount: number; annualRatePpm: number; termMonths: number; method: RepaymentMethod; startDate: string };
type ScheduleRow = CloudLoanSchedule['rows'][number];

/** The trial as a workbook: due dates as date cells, amounts in yuan, totals of payment, principal and interest. */
export function scheduleWorkbook(schedule: CloudLoanSchedule, input: TrialInput) {
  return buildWorkbook<ScheduleRow>({
    sheetName: '还款计划',
    preamble: [
      ['银行云贷还款试算'],
      [
        '借款金额（元）',
        Number(centsToYuanString(input.amount)),
        '年利率',
        formatPercent(input.annualRatePpm),
        '期限（月）',
        input.termMonths,
        '还款方式',
        REPAYMENT_METHOD_LABELS[input.method],
        '起息日',
        input.startDate,
      ],
      [],
    ],
    columns: [
      { header: '期数', width: 10, kind: 'number', value: (r) => r.period },
      { header: '还款日', width: 14, kind: 'date', value: (r) => r.dueDate },
      { header: '月供（元）', width: 16, kind: 'money', value: (r) => r.payment },
      { header: '本金（元）', width: 16, kind: 'money', value: (r) => r.principal },
      { header: '利息（元）', width: 16, kind: 'money', value: (r) => r.interest },
      { header: '剩余本金（元）', width: 18, kind: 'money', value: (r) => r.remaining, total: false },
    ],
    rows: schedule.rows,
  });
}

/** Builds the workbook and downloads it (this module is loaded only when the user exports). */
export async function exportScheduleToExcel(schedule: CloudLoanSchedule, input: TrialInput): Promise<string> {
  return downloadWorkbook(scheduleWorkbook(schedule, input), `还款试算_${input.termMonths}期_${input.startDate.replaceAll('-', '')}.xlsx`);
}
