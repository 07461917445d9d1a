import {
  compareIsoDates,
  daysBetween,
  dueDateOf,
  financingCharges,
  interestByDays,
  penaltyInterest,
  priceForTerm,
  termProblem,
  type Cents,
  type FinancingCharges,
  type InterestMode,
  type IsoDate,
  type TermPricing,
} from '@factoring/domain';
import { BusinessError } from '../../lib/envelope.ts';
import { rule } from '../ledger/domain-errors.ts';

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

/** A term the platform cannot price (beyond its maximum, or not a whole positive number of days) is refused. */
export function checkTerm(platform: PlatformPricing, termDays: number) {
  const problem = termProblem(termDays, platform.maxTermDays);
  if (problem) throw new BusinessError(problem, platform.product === 'PLEDGE' ? 'PLEDGE_TERM_TOO_LONG' : 'TERM_TOO_LONG');
}

/**
 * The live trial of PRODUCT §6: interest, fee, net amount and due date of a financing whose value
 * date (the disbursement date) is `startDate` — the rate is the price-list bracket of the term
 * (`priceForTerm`), the due date the value date + the term (`dueDateOf`), the same rules the
 * booking at disbursement and the contract use. A term beyond the platform maximum is refused.
 */
export function trial(platform: PlatformPricing, principal: Cents, termDays: number, startDate: IsoDate): Trial {
  checkTerm(platform, termDays);
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

/** What a tranche needs to say what is owed on a day. */
export interface TrancheState {
  outstanding: number;
  annualRatePpm: number;
  penaltyMultiplierPpm: number;
  interestMode: InterestMode;
  dueDate: IsoDate;
  interestFrom: IsoDate | null;
  interestUnpaid: number;
  penaltyFrom: IsoDate | null;
  penaltyUnpaid: number;
}

export interface Owed {
  principal: Cents;
  interest: Cents;
  penalty: Cents;
  total: Cents;
  overdueDays: number;
}

/** The last day normal interest runs to: the due date (after it, penalty interest takes over). */
const interestEnd = (t: TrancheState, asOf: IsoDate) => (compareIsoDates(asOf, t.dueDate) < 0 ? asOf : t.dueDate);
/** Penalty runs on overdue principal from the due date, or from the last time the principal changed after it. */
const penaltyStart = (t: TrancheState) => (t.penaltyFrom && compareIsoDates(t.penaltyFrom, t.dueDate) > 0 ? t.penaltyFrom : t.dueDate);

/** Interest in arrears accrued since it was last crystallised (zero in upfront mode: it was deducted). */
export function runningInterest(t: TrancheState, asOf: IsoDate): Cents {
  if (t.interestMode !== 'ARREARS' || !t.interestFrom || t.outstanding <= 0) return 0 as Cents;
  const days = Math.max(0, daysBetween(t.interestFrom, interestEnd(t, asOf)));
  return interestByDays(t.outstanding as Cents, t.annualRatePpm, days);
}

/** Penalty interest (罚息) since it was last crystallised: overdue principal × daily rate × multiplier × days. */
export function runningPenalty(t: TrancheState, asOf: IsoDate): Cents {
  if (t.outstanding <= 0 || compareIsoDates(asOf, t.dueDate) <= 0) return 0 as Cents;
  const days = Math.max(0, daysBetween(penaltyStart(t), asOf));
  return penaltyInterest(t.outstanding as Cents, t.annualRatePpm, t.penaltyMultiplierPpm, days);
}

/** Everything owed on a tranche as of a day: principal, interest to that day, penalty if overdue. */
export function owedOn(t: TrancheState, asOf: IsoDate): Owed {
  const interest = (t.interestUnpaid + runningInterest(t, asOf)) as Cents;
  const penalty = (t.penaltyUnpaid + runningPenalty(t, asOf)) as Cents;
  const overdueDays = t.outstanding > 0 && compareIsoDates(asOf, t.dueDate) > 0 ? daysBetween(t.dueDate, asOf) : 0;
  return { principal: t.outstanding as Cents, interest, penalty, total: (t.outstanding + interest + penalty) as Cents, overdueDays };
}

/**
 * Before the principal changes on `asOf`, the interest and penalty accrued so far are crystallised
 * into the unpaid columns and their clocks restart on that day. Returns the columns to write.
 */
export function crystallise(t: TrancheState, asOf: IsoDate) {
  const interestUnpaid = t.interestUnpaid + runningInterest(t, asOf);
  const penaltyUnpaid = t.penaltyUnpaid + runningPenalty(t, asOf);
  const interestFrom = t.interestFrom && compareIsoDates(interestEnd(t, asOf), t.interestFrom) > 0 ? interestEnd(t, asOf) : t.interestFrom;
  const penaltyFrom = compareIsoDates(asOf, t.dueDate) > 0 ? asOf : t.penaltyFrom;
  return { interestUnpaid, penaltyUnpaid, interestFrom, penaltyFrom };
}

/** Splits a payment over what one tranche owes: penalty first, then interest, then principal. */
export function allocate(owed: Owed, amount: number): { penalty: number; interest: number; principal: number; rest: number } {
  let rest = amount;
  const penalty = Math.min(rest, owed.penalty);
  rest -= penalty;
  const interest = Math.min(rest, owed.interest);
  rest -= interest;
  const principal = Math.min(rest, owed.principal);
  rest -= principal;
  return { penalty, interest, principal, rest };
}
