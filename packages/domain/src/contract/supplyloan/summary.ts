// The supply loan's cards on the dashboard.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { cents, tag } from './shared.ts';

/** The dashboard cards: credit lines, what falls due within 7 days, financing contracts to sign. */
export const supplyLoanSummarySchema = z.object({
  creditLines: z.object({ count: z.number().int(), limit: cents, used: cents, reserved: cents, available: cents }),
  dueSoon: z.object({ count: z.number().int(), amount: cents, overdueCount: z.number().int() }),
  contractsToSign: z.number().int(),
});

export default {
  summary: endpoint({
    method: 'GET',
    path: '/api/supplyloan/summary',
    tag,
    access: 'merchant',
    summary: '首页卡片：授信、7天内到期、待签合同',
    answer: supplyLoanSummarySchema,
  }),
};
