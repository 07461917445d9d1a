// Repaying online from the account.
import { z } from 'zod';
import { idParams, moneyConfirmationFields } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { cents, repaymentAmount, rowId, tag } from './shared.ts';

/** Online repayment from the account: the amount, confirmed by the login password, under an idempotency key. */
export const repayBody = z.object({ amount: repaymentAmount, ...moneyConfirmationFields });
export const repayResultSchema = z.object({
  repaymentId: rowId,
  refNo: z.string(),
  amount: cents,
  principal: cents,
  interest: cents,
  penalty: cents,
  /** Upfront interest of the days not used given back to the free funds (0 when none). */
  interestRefund: cents,
  /** The financing's status after the payment. */
  status: z.enum(['REPAYING', 'SETTLED']),
  owedAfter: cents,
});

export default {
  repay: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings/:id/repay',
    tag,
    access: 'merchant',
    summary: '账户还款（登录密码确认，幂等键）',
    params: idParams,
    body: repayBody,
    answer: repayResultSchema,
  }),
};
