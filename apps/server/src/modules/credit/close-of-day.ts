import type { CloseOfBusinessStep } from '../../jobs/close-of-business.ts';
import { expireCreditLines } from './credit-lines.ts';

/** The credit lines' step of the close of business: a line past its expiry date is EXPIRED. */
export const creditLineExpiryStep: CloseOfBusinessStep<{ expiredCreditLines: number }> = {
  name: 'credit-line-expiry',
  label: '授信到期',
  run: async (tx, runDate) => ({ expiredCreditLines: await expireCreditLines(tx, runDate) }),
  summary: (r) => `授信到期 ${r.expiredCreditLines} 笔`,
};
