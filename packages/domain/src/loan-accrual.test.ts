import { describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from './dates.ts';
import { interestByDays } from './interest.ts';
import { allocate, chargedTo, crystallise, owedOn, unusedPrepaidInterest, type LoanBalance } from './loan-accrual.ts';

const balance = (over: Partial<LoanBalance> = {}): LoanBalance => ({
  outstanding: 10_000, // ¥100.00
  annualRatePpm: 84_000, // 8.4 %
  penaltyMultiplierPpm: 1_500_000,
  interestMode: 'UPFRONT',
  dueDate: '2026-11-01' as IsoDate,
  interestFrom: null,
  interestUnpaid: 0,
  penaltyFrom: null,
  penaltyUnpaid: 0,
  valueDate: '2026-08-01' as IsoDate,
  prepaid: null,
  ...over,
});

describe('loan accrual (issue 22)', () => {
  it('penalty for 10 days overdue is computed from the dates and rounded once: ¥100.00 × 8.4 % × 1.5 × 10 / 360 = ¥0.35', () => {
    expect(owedOn(balance(), '2026-11-11' as IsoDate)).toMatchObject({ penalty: 35, overdueDays: 10 });
    // Summing ten rounded days would give ¥0.40 (each day ¥0.035 → ¥0.04): the rule never does that.
    let day = '2026-11-01' as IsoDate;
    for (let i = 0; i < 10; i++) day = addDays(day, 1);
    expect(owedOn(balance(), day).penalty).toBe(35);
  });

  it('a principal change crystallises what ran so far and restarts the clocks on that day', () => {
    const b = balance({ outstanding: 1_000_000, interestMode: 'ARREARS', interestFrom: '2026-10-01' as IsoDate });
    const at = '2026-11-06' as IsoDate;
    const c = crystallise(b, at);
    expect(c).toMatchObject({ interestFrom: '2026-11-01', penaltyFrom: at });
    expect(c.interestUnpaid + c.penaltyUnpaid).toBe(owedOn(b, at).interest + owedOn(b, at).penalty);
    // After the change, nothing more has run on the same day.
    expect(owedOn({ ...b, ...c, outstanding: 500_000 }, at)).toMatchObject({ interest: c.interestUnpaid, penalty: c.penaltyUnpaid });
  });

  it('a payment goes to penalty, then interest, then principal', () => {
    expect(allocate({ penalty: 35, interest: 100, principal: 10_000 }, 200)).toEqual({
      penalty: 35,
      interest: 100,
      principal: 65,
      rest: 0,
    });
    expect(allocate({ penalty: 0, interest: 0, principal: 50 }, 80)).toEqual({ penalty: 0, interest: 0, principal: 50, rest: 30 });
  });

  describe('early settlement and same-day repayment (issue 37 item 10)', () => {
    // ¥300,000.00 at 7.3 % a year, 90 days from 2026-03-01 (due 2026-05-30).
    const P = 30_000_000;
    const RATE = 73_000;
    const start = '2026-03-01' as IsoDate;
    const due = addDays(start, 90);
    const upfront = balance({
      outstanding: P,
      annualRatePpm: RATE,
      dueDate: due,
      valueDate: start,
      prepaid: { until: due, annualRatePpm: RATE },
    });

    it('settled on day 30 of 90, the 60 unused days are given back: floor(30,000,000 × 73,000 × 60 / 360,000,000) = ¥3,650.00', () => {
      expect((BigInt(P) * 73_000n * 60n) / 360_000_000n).toBe(365_000n);
      expect(unusedPrepaidInterest(upfront, P, addDays(start, 30))).toBe(365_000);
      // What was deducted (¥5,475.00) less the refund is exactly the 30 days used.
      expect(interestByDays(P as never, RATE, 90) - 365_000).toBe(interestByDays(P as never, RATE, 30));
    });

    it('the refund is rounded down, never half-up: ¥100.00 × 8.4 % × 11 / 360 = 25.67 cents → ¥0.25', () => {
      const b = balance({ valueDate: '2026-10-01' as IsoDate, prepaid: { until: '2026-11-01' as IsoDate, annualRatePpm: 84_000 } });
      expect(unusedPrepaidInterest(b, 10_000, '2026-10-21' as IsoDate)).toBe(25);
      expect(interestByDays(10_000 as never, 84_000, 11)).toBe(26);
    });

    it('a part repaid early gets back the unused days of that part only; nothing on or after the end of the prepaid period', () => {
      expect(unusedPrepaidInterest(upfront, P / 2, addDays(start, 30))).toBe(182_500);
      expect(unusedPrepaidInterest(upfront, P, due)).toBe(0);
      expect(unusedPrepaidInterest(upfront, P, addDays(due, 5))).toBe(0);
      expect(unusedPrepaidInterest({ ...upfront, prepaid: null }, P, addDays(start, 30))).toBe(0);
    });

    it('repaid on the disbursement day: upfront keeps one day (89 days back), arrears charges one day (¥60.83)', () => {
      expect(chargedTo(start, start)).toBe(addDays(start, 1));
      // floor(30,000,000 × 73,000 × 89 / 360,000,000) = floor(541,416.67) = 541,416; ¥5,475.00 − ¥5,414.16 = ¥60.84 kept.
      expect(unusedPrepaidInterest(upfront, P, start)).toBe(541_416);
      const arrears = balance({
        outstanding: P,
        annualRatePpm: RATE,
        dueDate: due,
        valueDate: start,
        interestMode: 'ARREARS',
        interestFrom: start,
      });
      expect(owedOn(arrears, start)).toMatchObject({ interest: 6_083, total: P + 6_083 }); // 6,083.33 → ¥60.83
      // The next day it is still one day: the first day is not charged twice.
      expect(owedOn(arrears, addDays(start, 1)).interest).toBe(6_083);
      expect(owedOn(arrears, addDays(start, 2)).interest).toBe(12_167);
    });

    it('a part repaid on the disbursement day carries its one day, and the rest does not pay that day again', () => {
      const arrears = balance({
        outstanding: P,
        annualRatePpm: RATE,
        dueDate: due,
        valueDate: start,
        interestMode: 'ARREARS',
        interestFrom: start,
      });
      const c = crystallise(arrears, start);
      expect(c).toMatchObject({ interestUnpaid: 6_083, interestFrom: addDays(start, 1) });
      const half = { ...arrears, ...c, outstanding: P / 2, interestUnpaid: 0 };
      expect(owedOn(half, start).interest).toBe(0);
      expect(owedOn(half, addDays(start, 1)).interest).toBe(0);
      expect(owedOn(half, addDays(start, 2)).interest).toBe(3_042); // one more day on ¥150,000.00
    });
  });
});
