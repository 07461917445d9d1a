// A pledge financing as a loan balance of the lending core (issue 22): what it owes on a day comes
// from the domain's one accrual rule — penalty from dates and rates, rounded once per computation —
// never from days summed one rounded day at a time.
import { addDays, crystallise, owedOn, unusedPrepaidInterest, type IsoDate, type LoanBalance, type Owed } from '@factoring/domain';
import type { pledgeFinancings } from '../../db/schema/index.ts';

type PledgeRow = typeof pledgeFinancings.$inferSelect;

/**
 * Pledge interest is fixed for the term when the loan is disbursed (deducted upfront, or owed in full in
 * arrears — paid before any principal, as payments go to interest first): it does not run by the day.
 * Either way it is prepaid for the term as far as the lending core's rules go (issue 37 item 10):
 * principal repaid before the due date gets back the interest of the days not used, one day kept at least.
 */
export function pledgeBalance(f: PledgeRow): LoanBalance | null {
  if (!f.dueDate || !f.startDate) return null;
  return {
    outstanding: f.outstanding,
    annualRatePpm: f.annualRatePpm,
    penaltyMultiplierPpm: f.penaltyMultiplierPpm,
    interestMode: 'UPFRONT',
    dueDate: f.dueDate,
    interestFrom: null,
    interestUnpaid: f.interestOwed,
    penaltyFrom: f.penaltyFrom,
    penaltyUnpaid: f.penaltyBase,
    valueDate: f.startDate,
    prepaid: f.interest > 0 ? { until: addDays(f.startDate, f.termDays), annualRatePpm: f.annualRatePpm } : null,
  };
}

/** Prepaid interest of the days not used that repaying `principal` on `asOf` gives back (the whole outstanding when omitted). */
export function pledgeInterestRefund(f: PledgeRow, asOf: IsoDate, principal: number = f.outstanding): number {
  const balance = pledgeBalance(f);
  return balance ? unusedPrepaidInterest(balance, principal, asOf) : 0;
}

/** Principal, interest and penalty owed on a day (nothing before disbursement). */
export function pledgeOwedOn(f: PledgeRow, asOf: IsoDate): Owed {
  const balance = pledgeBalance(f);
  if (!balance) return { principal: 0, interest: 0, penalty: 0, total: 0, overdueDays: 0 } as unknown as Owed;
  return owedOn(balance, asOf);
}

/**
 * The columns to write when a payment of `paid` penalty and interest changes the principal on
 * `asOf`: the penalty so far is crystallised (less what was paid), its clock restarts that day.
 */
export function afterPayment(f: PledgeRow, asOf: IsoDate, paid: { penalty: number; interest: number }) {
  const balance = pledgeBalance(f)!;
  const c = crystallise(balance, asOf);
  const penaltyBase = c.penaltyUnpaid - paid.penalty;
  return {
    penaltyBase,
    penaltyFrom: c.penaltyFrom,
    penaltyOwed: penaltyBase,
    penaltyAccruedTo: asOf,
    interestOwed: f.interestOwed - paid.interest,
  };
}
