// Rate arithmetic that needs decimal.js, kept apart from money.ts so a page that only formats or
// adds cents never downloads decimal.js (~11 KB on the wire, issue 11). Re-exported from the index.
import { checkedResult, cents, PPM, ratePpm, type Cents, type RatePpm } from './money.ts';
import { Dec, roundHalfUp } from './precise.ts';

/** amount × rate rounded half-up to the cent, e.g. a margin or the financeable share of an invoice. */
export function applyRatePpm(amount: Cents, rate: RatePpm): Cents {
  const product = new Dec(cents(amount)).mul(ratePpm(rate)).div(PPM);
  return checkedResult(roundHalfUp(product).toNumber());
}
