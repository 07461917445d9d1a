import type { IsoDate } from '@factoring/domain';
import { allocate, owedOn, unusedPrepaidInterest } from '../pricing.ts';
import { quoteOf, stateOf, type Tranche } from '../queries/quote.ts';
import type { Financing } from '../store.ts';

/**
 * What a payment of `amount` towards a factored financing does on `asOf` (issue 36) — the one rule the page
 * previews and the booking answers (preview = booked = collected): it repays what is owed that day, tranche by
 * tranche in due order, penalty then interest then principal (the lending core's allocate, as every repayment),
 * up to the whole; the upfront interest of days not used on the principal repaid comes back (`interestRefund`,
 * the lending core's early-settlement rule); the surplus is rebated to the supplier; what is left is the shortfall.
 */
export function collectionPreview(f: Financing, tranches: Tranche[], amount: number, asOf: IsoDate) {
  const quote = quoteOf(f, tranches, asOf);
  const repaid = Math.min(amount, quote.total);
  let rest = repaid;
  const parts = { principal: 0, interest: 0, penalty: 0, interestRefund: 0 };
  for (const t of tranches) {
    if (rest <= 0) break;
    const state = stateOf(f, t);
    const part = allocate(owedOn(state, asOf), rest);
    rest = part.rest;
    parts.principal += part.principal;
    parts.interest += part.interest;
    parts.penalty += part.penalty;
    parts.interestRefund += unusedPrepaidInterest(state, part.principal, asOf);
  }
  return { asOf, owed: quote.total, amount, repaid, ...parts, rebate: amount - repaid, shortfall: quote.total - repaid };
}
