import { describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from './dates.ts';
import { allocate, crystallise, owedOn, type LoanBalance } from './loan-accrual.ts';

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
});
