// The accrual and allocation rules of every loan (issue 22): interest and penalty interest are
// computed from dates and rates, rounded once per computation — never summed from rounded days. A
// balance keeps what was crystallised (unpaid) and the day its clock restarted; what is owed on any
// day is that plus the running amount since. Before the principal changes, the running amounts are
// crystallised and the clocks restart (so each segment of constant principal is one computation).
//
// Two money rules of every lending product (issue 37 item 10, PRODUCT §2):
// - The minimum day: a loan is charged interest to the later of the day and the day after its value
//   date, so a loan repaid on its disbursement day is charged one day of interest.
// - Interest deducted upfront is for the agreed term: principal repaid before the end of the prepaid
//   period gets back the interest of the days not used (actual/360 at the rate it was deducted at,
//   rounded DOWN to the cent) — `unusedPrepaidInterest`.
import { addDays, compareIsoDates, daysBetween, type IsoDate } from './dates.ts';
import { interestByDays, interestByDaysDown, penaltyInterest, type InterestMode } from './interest.ts';
import type { Cents } from './money.ts';

/** What a loan balance needs to say what is owed on a day (a tranche, a pledge financing). */
export interface LoanBalance {
  outstanding: number;
  annualRatePpm: number;
  penaltyMultiplierPpm: number;
  interestMode: InterestMode;
  dueDate: IsoDate;
  /** Interest in arrears runs from this day (null: none runs, e.g. upfront mode). */
  interestFrom: IsoDate | null;
  interestUnpaid: number;
  /** Penalty runs from the due date, or from this day when the principal changed after it. */
  penaltyFrom: IsoDate | null;
  penaltyUnpaid: number;
  /** The value date (the disbursement day): interest is charged to at least the day after it. */
  valueDate: IsoDate;
  /** Interest deducted at disbursement (upfront mode): the last day it paid for and its rate; null when none was. */
  prepaid: { until: IsoDate; annualRatePpm: number } | null;
}

export interface Owed {
  principal: Cents;
  interest: Cents;
  penalty: Cents;
  total: Cents;
  overdueDays: number;
}

const laterOf = (a: IsoDate, b: IsoDate) => (compareIsoDates(a, b) >= 0 ? a : b);
const earlierOf = (a: IsoDate, b: IsoDate) => (compareIsoDates(a, b) <= 0 ? a : b);

/** The day a loan is charged interest to on `asOf`: the later of that day and the day after the value date (one day at least). */
export function chargedTo(valueDate: IsoDate, asOf: IsoDate): IsoDate {
  return laterOf(asOf, addDays(valueDate, 1));
}

/** The last day normal interest runs to: the charged-to day, at most the due date (after it, penalty interest takes over). */
const interestEnd = (b: LoanBalance, asOf: IsoDate) => earlierOf(chargedTo(b.valueDate, asOf), b.dueDate);
/** Penalty runs on overdue principal from the due date, or from the last time the principal changed after it. */
const penaltyStart = (b: LoanBalance) => (b.penaltyFrom && compareIsoDates(b.penaltyFrom, b.dueDate) > 0 ? b.penaltyFrom : b.dueDate);

/** Interest in arrears accrued since it was last crystallised (zero in upfront mode: it was deducted). */
export function runningInterest(b: LoanBalance, asOf: IsoDate): Cents {
  if (b.interestMode !== 'ARREARS' || !b.interestFrom || b.outstanding <= 0) return 0 as Cents;
  const days = Math.max(0, daysBetween(b.interestFrom, interestEnd(b, asOf)));
  return interestByDays(b.outstanding as Cents, b.annualRatePpm, days);
}

/** Penalty interest (罚息) since it was last crystallised: overdue principal × rate × multiplier × days / 360, rounded once. */
export function runningPenalty(b: LoanBalance, asOf: IsoDate): Cents {
  if (b.outstanding <= 0 || compareIsoDates(asOf, b.dueDate) <= 0) return 0 as Cents;
  const days = Math.max(0, daysBetween(penaltyStart(b), asOf));
  return penaltyInterest(b.outstanding as Cents, b.annualRatePpm, b.penaltyMultiplierPpm, days);
}

/** Everything owed on a balance as of a day: principal, interest to that day, penalty if overdue. */
export function owedOn(b: LoanBalance, asOf: IsoDate): Owed {
  const interest = (b.interestUnpaid + runningInterest(b, asOf)) as Cents;
  const penalty = (b.penaltyUnpaid + runningPenalty(b, asOf)) as Cents;
  const overdueDays = b.outstanding > 0 && compareIsoDates(asOf, b.dueDate) > 0 ? daysBetween(b.dueDate, asOf) : 0;
  return { principal: b.outstanding as Cents, interest, penalty, total: (b.outstanding + interest + penalty) as Cents, overdueDays };
}

/**
 * Before the principal changes on `asOf`, the interest and penalty accrued so far are crystallised
 * into the unpaid amounts and their clocks restart on that day. Returns the fields to write.
 */
export function crystallise(b: LoanBalance, asOf: IsoDate) {
  const interestUnpaid = b.interestUnpaid + runningInterest(b, asOf);
  const penaltyUnpaid = b.penaltyUnpaid + runningPenalty(b, asOf);
  const interestFrom = b.interestFrom && compareIsoDates(interestEnd(b, asOf), b.interestFrom) > 0 ? interestEnd(b, asOf) : b.interestFrom;
  const penaltyFrom = compareIsoDates(asOf, b.dueDate) > 0 ? asOf : b.penaltyFrom;
  return { interestUnpaid, penaltyUnpaid, interestFrom, penaltyFrom };
}

/**
 * What is given back when `principalRepaid` of a balance whose interest was deducted upfront is repaid
 * on `asOf`: that principal × the rate it was deducted at × the prepaid days not used (from the
 * charged-to day to the end of the prepaid period) / 360, rounded down to the cent. Zero when no
 * interest was prepaid or every prepaid day was used.
 */
export function unusedPrepaidInterest(b: Pick<LoanBalance, 'valueDate' | 'prepaid'>, principalRepaid: number, asOf: IsoDate): Cents {
  if (!b.prepaid || principalRepaid <= 0) return 0 as Cents;
  const days = Math.max(0, daysBetween(chargedTo(b.valueDate, asOf), b.prepaid.until));
  return interestByDaysDown(principalRepaid as Cents, b.prepaid.annualRatePpm, days);
}

/** The one allocation policy of a payment over what a loan owes: penalty first, then interest, then principal. */
export function allocate(owed: { penalty: number; interest: number; principal: number }, amount: number) {
  let rest = amount;
  const penalty = Math.min(rest, owed.penalty);
  rest -= penalty;
  const interest = Math.min(rest, owed.interest);
  rest -= interest;
  const principal = Math.min(rest, owed.principal);
  rest -= principal;
  return { penalty, interest, principal, rest };
}
