import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, type IsoDate } from './dates.ts';
import { interestBetween, penaltyInterest } from './interest.ts';
import { allocateInstalment, instalmentOwed, scheduleQuote, type BookedInstalment, type ScheduleTerms } from './loan-schedule.ts';
import type { Cents } from './money.ts';
import { buildSchedule } from './schedule.ts';

const terms: ScheduleTerms = { startDate: '2026-01-15' as IsoDate, annualRatePpm: 43_500, penaltyMultiplierPpm: 1_500_000 };
// A booked plan: ¥120,000.00 over 12 months, equal instalments, as the cloud loan books it.
const plan: BookedInstalment[] = buildSchedule({
  principal: 12_000_000 as Cents,
  annualRatePpm: terms.annualRatePpm,
  months: 12,
  method: 'EQUAL_INSTALMENT',
  startDate: terms.startDate,
}).rows.map((r) => ({ ...r, status: 'PENDING' }));

describe('the instalment schedule on the one accrual rule (issue 35)', () => {
  it('an instalment owes its plan figures until its due date, then penalty on its principal from that date, rounded once', () => {
    const first = plan[0];
    expect(instalmentOwed(terms, first, first.dueDate)).toMatchObject({ principal: first.principal, interest: first.interest, penalty: 0 });
    const late = addDays(first.dueDate, 17);
    const expected = penaltyInterest(first.principal as Cents, terms.annualRatePpm, terms.penaltyMultiplierPpm, 17);
    expect(expected).toBeGreaterThan(0);
    expect(instalmentOwed(terms, first, late)).toMatchObject({ penalty: expected, overdueDays: 17 });
    expect(instalmentOwed(terms, { ...first, status: 'PAID' }, late).total).toBe(0);
  });

  it('paying an instalment takes exactly what it owes, split penalty / interest / principal', () => {
    const late = addDays(plan[0].dueDate, 5);
    const paid = allocateInstalment(terms, plan[0], late);
    expect(paid.principal).toBe(plan[0].principal);
    expect(paid.interest).toBe(plan[0].interest);
    expect(paid.total).toBe(paid.principal + paid.interest + paid.penalty);
  });

  it('the pay-off quote: instalments due in full with penalty, the rest of the principal, the running period by the day', () => {
    const paidTwo = plan.map((i, k) => (k < 2 ? { ...i, status: 'PAID' } : i));
    // The third instalment is 10 days late; the fourth is not due yet.
    const asOf = addDays(plan[2].dueDate, 10);
    const q = scheduleQuote(terms, paidTwo, asOf);
    const third = plan[2];
    const notDue = plan.slice(3).reduce((s, i) => s + i.principal, 0);
    const penalty = penaltyInterest(
      third.principal as Cents,
      terms.annualRatePpm,
      terms.penaltyMultiplierPpm,
      daysBetween(third.dueDate, asOf),
    );
    const running = interestBetween(notDue as Cents, terms.annualRatePpm, third.dueDate, asOf);
    expect(q).toEqual({
      asOf,
      principal: third.principal + notDue,
      interest: third.interest + running,
      penalty,
      total: third.principal + notDue + third.interest + running + penalty,
    });
  });

  it('paid off on the day it was drawn, the loan owes its principal only (the bank charges no minimum day)', () => {
    expect(scheduleQuote(terms, plan, terms.startDate)).toMatchObject({
      principal: 12_000_000,
      interest: 0,
      penalty: 0,
      total: 12_000_000,
    });
  });

  it('a settled plan owes nothing', () => {
    expect(
      scheduleQuote(
        terms,
        plan.map((i) => ({ ...i, status: 'PAID' })),
        '2027-06-01' as IsoDate,
      ).total,
    ).toBe(0);
  });
});
