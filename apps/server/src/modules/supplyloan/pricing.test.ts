import { advanceCap, priceForTerm, type Cents } from '@factoring/domain';
import { describe, expect, it } from 'vitest';
import { trial, type PlatformPricing } from '../financing/index.ts';
import { allocate, crystallise, owedOn, type TrancheState } from './pricing.ts';

/** Worked examples of PRODUCT §2 with exact cents (the same figures the API tests reach end to end). */
const base: PlatformPricing = {
  annualRatePpm: 72_000, // 7.2 %
  serviceFeeRatePpm: 5_000, // 0.5 %
  penaltyMultiplierPpm: 1_500_000, // × 1.5
  interestMode: 'ARREARS',
  maxTermDays: 180,
  advanceRatePpm: 800_000,
  priceList: [],
};
const ONE_MILLION = 100_000_000 as Cents; // ¥1,000,000.00

describe('financing charges, worked examples', () => {
  it('1,000,000.00 at 7.2 % for 90 days: interest 18,000.00 (actual/360)', () => {
    const t = trial(base, ONE_MILLION, 90, '2026-01-10');
    expect(t.interest).toBe(1_800_000);
    expect(t.serviceFee).toBe(500_000); // 5,000.00
    expect(t.dueDate).toBe('2026-04-10');
  });

  it('in arrears (利随本清): only the fee is deducted — net 995,000.00, due 1,018,000.00', () => {
    const t = trial(base, ONE_MILLION, 90, '2026-01-10');
    expect(t.netDisbursed).toBe(99_500_000);
    expect(t.dueAtMaturity).toBe(101_800_000);
  });

  it('upfront (预收息): interest and fee are deducted — net 977,000.00, due 1,000,000.00', () => {
    const t = trial({ ...base, interestMode: 'UPFRONT' }, ONE_MILLION, 90, '2026-01-10');
    expect(t.netDisbursed).toBe(97_700_000);
    expect(t.dueAtMaturity).toBe(100_000_000);
  });

  it('rounds half-up once per charge: 333,333.33 at 7.2 % for 7 days = 466.67', () => {
    // 33,333,333 × 0.072 × 7 / 360 = 46,666.6662 cents → 46,667
    expect(trial(base, 33_333_333 as Cents, 7, '2026-01-01').interest).toBe(46_667);
  });

  it('the price list picks the bracket of the term, else the base rate', () => {
    const p = { ...base, priceList: [{ minDays: 1, maxDays: 30, annualRatePpm: 65_000, serviceFeeRatePpm: 3_000 }] };
    expect(priceForTerm(p, 30)).toMatchObject({ annualRatePpm: 65_000, serviceFeeRatePpm: 3_000 });
    expect(priceForTerm(p, 31)).toMatchObject({ annualRatePpm: 72_000, serviceFeeRatePpm: 5_000, bracket: null });
    // 1,000,000.00 at 6.5 % for 30 days = 5,416.67 (5,416.666… rounded half-up)
    expect(trial(p, ONE_MILLION, 30, '2026-01-01').interest).toBe(541_667);
  });

  it('advance rate 80 % of 1,250,000.00 of invoices = 1,000,000.00', () => {
    expect(advanceCap(125_000_000 as Cents, 800_000)).toBe(100_000_000);
    expect(advanceCap(1 as Cents, 800_000)).toBe(0); // 0.8 cent: a cap rounds down
  });

  it('a term beyond the platform maximum is refused by the trial, not priced at the base rate', () => {
    expect(() => trial(base, ONE_MILLION, 181, '2026-01-01')).toThrow('融资期限不能超过平台最长期限 180 天');
  });
});

describe('what a tranche owes on a day', () => {
  const tranche: TrancheState = {
    outstanding: ONE_MILLION,
    annualRatePpm: 72_000,
    penaltyMultiplierPpm: 1_500_000,
    interestMode: 'ARREARS',
    dueDate: '2026-04-10',
    interestFrom: '2026-01-10',
    interestUnpaid: 0,
    penaltyFrom: null,
    penaltyUnpaid: 0,
    valueDate: '2026-01-10',
    prepaid: null,
  };

  it('interest in arrears accrues by days to today (early pay-off): 30 days = 6,000.00', () => {
    expect(owedOn(tranche, '2026-02-09')).toMatchObject({ principal: ONE_MILLION, interest: 600_000, penalty: 0, total: 100_600_000 });
  });

  it('on the due date: interest 18,000.00, no penalty', () => {
    expect(owedOn(tranche, '2026-04-10')).toMatchObject({ interest: 1_800_000, penalty: 0, overdueDays: 0 });
  });

  it('penalty = daily rate × 1.5 × overdue days: 10 days overdue = 3,000.00, interest stops at the due date', () => {
    // 1,000,000.00 × 7.2 % / 360 × 1.5 × 10 = 3,000.00
    expect(owedOn(tranche, '2026-04-20')).toMatchObject({ interest: 1_800_000, penalty: 300_000, overdueDays: 10, total: 102_100_000 });
  });

  it('upfront mode owes only principal (and penalty once overdue)', () => {
    const upfront = { ...tranche, interestMode: 'UPFRONT' as const, interestFrom: null };
    expect(owedOn(upfront, '2026-03-01')).toMatchObject({ interest: 0, total: ONE_MILLION });
    expect(owedOn(upfront, '2026-04-11').penalty).toBe(30_000); // one day: 300.00
  });

  it('a partial repayment crystallises accrued interest and penalty, then both run on the new balance', () => {
    const asOf = '2026-04-20';
    const owed = owedOn(tranche, asOf);
    const part = allocate(owed, 50_000_000); // 500,000.00: penalty 3,000 + interest 18,000 + principal 479,000
    expect(part).toEqual({ penalty: 300_000, interest: 1_800_000, principal: 47_900_000, rest: 0 });
    const c = crystallise(tranche, asOf);
    const after: TrancheState = {
      ...tranche,
      outstanding: ONE_MILLION - part.principal,
      interestUnpaid: c.interestUnpaid - part.interest,
      penaltyUnpaid: c.penaltyUnpaid - part.penalty,
      interestFrom: c.interestFrom,
      penaltyFrom: c.penaltyFrom,
    };
    expect(after).toMatchObject({ interestFrom: '2026-04-10', penaltyFrom: '2026-04-20', interestUnpaid: 0, penaltyUnpaid: 0 });
    // 5 more days on 521,000.00: 521,000 × 7.2 % / 360 × 1.5 × 5 = 781.50
    expect(owedOn(after, '2026-04-25')).toMatchObject({ principal: 52_100_000, interest: 0, penalty: 78_150 });
  });
});
