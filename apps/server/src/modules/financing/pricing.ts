// The pricing of every lending product (issue 22): a platform's price list and term rules give the
// trial — interest, fee, net amount and due date — that the application, the disbursement and the
// contract all use.
import {
  dueDateOf,
  financingCharges,
  priceForTerm,
  termProblem,
  type Cents,
  type FinancingCharges,
  type InterestMode,
  type IsoDate,
  type TermPricing,
} from '@factoring/domain';
import { BusinessError } from '../../lib/envelope.ts';
import { rule } from '../ledger/index.ts';

/** What pricing needs of a platform (the price list and maximum term are the domain's TermPricing). */
export interface PlatformPricing extends TermPricing {
  penaltyMultiplierPpm: number;
  interestMode: InterestMode;
  advanceRatePpm: number;
  product?: string;
}

export interface Trial extends FinancingCharges {
  principal: Cents;
  termDays: number;
  annualRatePpm: number;
  serviceFeeRatePpm: number;
  interestMode: InterestMode;
  startDate: IsoDate;
  dueDate: IsoDate;
}

/**
 * A term the platform cannot price (beyond its maximum, or not a whole positive number of days) is refused, with
 * the code the calling product answers such a term with (its own error catalogue's, e.g. PLEDGE_TERM_TOO_LONG).
 */
export function checkTerm(platform: PlatformPricing, termDays: number, refusalCode = 'TERM_TOO_LONG') {
  const problem = termProblem(termDays, platform.maxTermDays);
  if (problem) throw new BusinessError(problem, refusalCode);
}

/**
 * The live trial of PRODUCT §6: interest, fee, net amount and due date of a financing whose value
 * date (the disbursement date) is `startDate` — the rate is the price-list bracket of the term
 * (`priceForTerm`), the due date the value date + the term (`dueDateOf`), the same rules the
 * booking at disbursement and the contract use. A term beyond the platform maximum is refused.
 */
export function trial(
  platform: PlatformPricing,
  principal: Cents,
  termDays: number,
  startDate: IsoDate,
  termRefusalCode = 'TERM_TOO_LONG',
): Trial {
  checkTerm(platform, termDays, termRefusalCode);
  const { annualRatePpm, serviceFeeRatePpm } = rule(() => priceForTerm(platform, termDays));
  const charges = rule(() =>
    financingCharges({ principal, annualRatePpm, days: termDays, serviceFeeRatePpm, interestMode: platform.interestMode }),
  );
  return {
    ...charges,
    principal,
    termDays,
    annualRatePpm,
    serviceFeeRatePpm,
    interestMode: platform.interestMode,
    startDate,
    dueDate: dueDateOf(startDate, termDays),
  };
}
