// Due financings (/user/factorRepayment): what each disbursed financing owes today.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { cents, day, financingStatus, rowId, tag } from './shared.ts';

export const dueFinancingSchema = z.object({
  id: rowId,
  financingNo: z.string(),
  platformName: z.string(),
  amount: cents,
  nextDueDate: day,
  overdue: z.boolean(),
  overdueDays: z.number().int(),
  principal: cents,
  interest: cents,
  penalty: cents,
  dueToday: cents,
  /** Due within 7 days or overdue. */
  dueSoon: z.boolean(),
  status: financingStatus,
  statusLabel: z.string(),
});
export const dueFinancingsSchema = z.object({
  items: z.array(dueFinancingSchema),
  totals: z.object({ count: z.number().int(), dueToday: cents, overdueCount: z.number().int(), dueSoonCount: z.number().int() }),
});

export default {
  due: endpoint({
    method: 'GET',
    path: '/api/supplyloan/due',
    tag,
    access: 'merchant',
    summary: '保理还款：已放款融资的今日应还（标注7天内到期及逾期）',
    answer: dueFinancingsSchema,
  }),
};
