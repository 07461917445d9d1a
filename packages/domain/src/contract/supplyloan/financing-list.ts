// My financings: the list (paged, filtered, with totals).
import { z } from 'zod';
import { idSchema, isoDateSchema, pageOf, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { cents, contractStatus, financingKind, financingStatus, financingSummaryFields, nullable, tag } from './shared.ts';

export const financingListQuery = pageQuerySchema.extend({
  status: financingStatus.optional(),
  platformId: idSchema('平台').optional(),
  kind: financingKind.optional(),
  /** Application date range (inclusive). */
  dateFrom: isoDateSchema('开始日期').optional(),
  dateTo: isoDateSchema('结束日期').optional(),
  overdue: z.enum(['true', 'false']).optional(),
});
export type FinancingListQuery = z.output<typeof financingListQuery>;

export const financingListItemSchema = z.object({
  ...financingSummaryFields,
  platformName: z.string(),
  contractStatus: nullable(contractStatus),
  /** Principal not yet repaid over the disbursed tranches. */
  outstanding: cents,
});

export const financingListSchema = pageOf(financingListItemSchema).extend({
  totals: z.object({ count: z.number().int(), amount: cents, drawn: cents, outstanding: cents }),
});

export default {
  financings: endpoint({
    method: 'GET',
    path: '/api/supplyloan/financings',
    tag,
    access: 'merchant',
    summary: '我的融资（分页、筛选、合计）',
    query: financingListQuery,
    answer: financingListSchema,
  }),
};
