// The purchase and sales overview: open orders, what falls due this month, overdue amounts, months' totals.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { centsOut, tag } from './shared.ts';

export const overviewSchema = z.object({
  openPurchase: z.object({ count: z.number().int(), outstanding: centsOut }),
  openSales: z.object({ count: z.number().int(), outstanding: centsOut }),
  /** Due this month (delivery date in this China month, not yet paid). */
  dueOutThisMonth: centsOut,
  dueInThisMonth: centsOut,
  overdueOut: centsOut,
  overdueIn: centsOut,
  months: z.array(z.object({ month: z.string(), purchase: centsOut, sales: centsOut })),
  toConfirm: z.number().int(),
});
export type PurchaseSalesOverview = z.infer<typeof overviewSchema>;

export default {
  overview: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/overview',
    tag,
    access: 'merchant',
    summary: '购销概览',
    answer: overviewSchema,
  }),
};
