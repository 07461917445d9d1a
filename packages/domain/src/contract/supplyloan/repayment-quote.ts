// The repayment page: what is owed today, the account's available funds, the factor's receiving account.
import { z } from 'zod';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { timestampSchema } from '../time.ts';
import {
  cents,
  day,
  financingStatus,
  interestMode,
  nullable,
  ppm,
  receivingAccountSchema,
  repaymentQuoteSchema,
  rowId,
  tag,
} from './shared.ts';

/** The repayment page: owed today, the account's available funds, the factor's receiving account. */
export const repaymentPageSchema = z.object({
  financing: z.object({
    id: rowId,
    financingNo: z.string(),
    status: financingStatus,
    amount: cents,
    dueDate: day,
    overdue: z.boolean(),
    interestMode,
    annualRatePpm: ppm,
    penaltyMultiplierPpm: ppm,
  }),
  quote: repaymentQuoteSchema,
  repayable: z.boolean(),
  available: cents,
  receivingAccount: receivingAccountSchema,
  pendingVoucher: nullable(z.object({ id: rowId, amount: cents, createdAt: timestampSchema })),
});

export default {
  quote: endpoint({
    method: 'GET',
    path: '/api/supplyloan/financings/:id/quote',
    tag,
    access: 'merchant',
    summary: '还款试算（今日应还、提前结清报价）',
    params: idParams,
    answer: repaymentPageSchema,
  }),
};
