// The lending core's two settlement rules (issue 37 item 10, PRODUCT §2), applied the same way by every
// product whose loans have the case (supply loans with upfront interest, goods pledges with prepaid
// interest): the rules themselves are the domain's (`chargedTo`, `unusedPrepaidInterest` in
// loan-accrual.ts); this books the refund.
import { interestRefundEntry, type Cents } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { postEntry, rule } from '../ledger/index.ts';

/**
 * Gives back upfront interest of the days not used to the enterprise's free funds, in the caller's
 * (the repayment's) transaction: the factor's interest income goes down by the same amount. Answers
 * the entry's reference, or null when there is nothing to give back. Idempotent with the repayment:
 * the refund is a function of the principal the repayment repaid, which cannot be repaid twice.
 */
export async function refundUnusedInterest(
  tx: Tx,
  r: { enterpriseId: number; amount: number; sourceRef: string; createdBy: number | null },
): Promise<{ entryId: number; refNo: string } | null> {
  if (r.amount <= 0) return null;
  const entry = rule(() => interestRefundEntry({ enterpriseId: r.enterpriseId, amount: r.amount as Cents, sourceRef: r.sourceRef }));
  const posted = await postEntry(tx, entry, { createdBy: r.createdBy });
  return { entryId: posted.entryId, refNo: posted.refNo };
}
