// The instalment schedule, a schedule kind of the one loan (issue 35). A loan repaid by a booked plan
// (the bank cloud loan) is accrued, penalised and allocated by the same rule as a bullet loan
// (loan-accrual.ts), one instalment at a time: each unpaid instalment is a balance whose interest the
// plan fixed and whose principal runs penalty interest from its due date; paying the whole loan off
// adds, on the principal not yet due, the interest of the running period to the day.
//
// The bank's plan charges the running period by the day without a minimum day: paid off on the day
// it was drawn, the loan owes its principal only (the minimum day of loan-accrual.ts is the factor's rule).
import { compareIsoDates, type IsoDate } from './dates.ts';
import { interestBetween } from './interest.ts';
import { allocate, owedOn, type LoanBalance, type Owed } from './loan-accrual.ts';
import type { Cents } from './money.ts';

/** The terms a schedule's balances accrue on: the value date and the rates of the loan. */
export interface ScheduleTerms {
  startDate: IsoDate;
  annualRatePpm: number;
  penaltyMultiplierPpm: number;
}

/** One booked instalment: its due date, the principal and interest the plan fixed, and whether it is still owed. */
export interface BookedInstalment {
  period: number;
  dueDate: IsoDate;
  principal: number;
  interest: number;
  /** PENDING while owed; PAID or CLOSED once done. */
  status: string;
}

const isOwed = (i: BookedInstalment) => i.status === 'PENDING';

/**
 * An instalment as a balance of the one accrual rule: its principal outstanding, the plan's interest
 * already crystallised (no interest runs on top of it), penalty running from its due date.
 */
export function instalmentBalance(terms: ScheduleTerms, i: BookedInstalment): LoanBalance {
  return {
    outstanding: i.principal,
    annualRatePpm: terms.annualRatePpm,
    penaltyMultiplierPpm: terms.penaltyMultiplierPpm,
    interestMode: 'UPFRONT',
    dueDate: i.dueDate,
    interestFrom: null,
    interestUnpaid: i.interest,
    penaltyFrom: null,
    penaltyUnpaid: 0,
    valueDate: terms.startDate,
    prepaid: null,
  };
}

const NOTHING: Owed = { principal: 0 as Cents, interest: 0 as Cents, penalty: 0 as Cents, total: 0 as Cents, overdueDays: 0 };

/** What an instalment owes on `asOf` by part (nothing once paid or closed). */
export function instalmentOwed(terms: ScheduleTerms, i: BookedInstalment, asOf: IsoDate): Owed {
  return isOwed(i) ? owedOn(instalmentBalance(terms, i), asOf) : NOTHING;
}

/**
 * A payment of exactly what an instalment owes on `asOf`, split by the one allocation policy
 * (penalty, then interest, then principal). The schedule takes whole instalments only.
 */
export function allocateInstalment(terms: ScheduleTerms, i: BookedInstalment, asOf: IsoDate) {
  const owed = instalmentOwed(terms, i, asOf);
  const { penalty, interest, principal } = allocate(owed, owed.total);
  return { principal, interest, penalty, total: owed.total as number };
}

/** Paying the whole schedule off on `asOf`, by part. */
export interface ScheduleQuote {
  asOf: IsoDate;
  principal: number;
  interest: number;
  penalty: number;
  total: number;
}

/**
 * The pay-off quote on `asOf`: every instalment already due in full, with its penalty to the day; the
 * principal not yet due; and the interest on that principal from the start of the running period (the
 * last due date passed, or the value date) to the day, actual/360.
 */
export function scheduleQuote(terms: ScheduleTerms, plan: readonly BookedInstalment[], asOf: IsoDate): ScheduleQuote {
  let principal = 0;
  let interest = 0;
  let penalty = 0;
  let notDuePrincipal = 0;
  let periodStart: IsoDate = terms.startDate;
  for (const i of plan) {
    if (!isOwed(i) || compareIsoDates(i.dueDate, asOf) <= 0) periodStart = i.dueDate;
    if (!isOwed(i)) continue;
    if (compareIsoDates(i.dueDate, asOf) <= 0) {
      const owed = instalmentOwed(terms, i, asOf);
      principal += owed.principal;
      interest += owed.interest;
      penalty += owed.penalty;
    } else {
      notDuePrincipal += i.principal;
    }
  }
  principal += notDuePrincipal;
  if (notDuePrincipal > 0) interest += interestBetween(notDuePrincipal as Cents, terms.annualRatePpm, periodStart, asOf);
  return { asOf, principal, interest, penalty, total: principal + interest + penalty };
}
