import { describe, it, expect } from 'vitest';
import { DomainError } from './errors.ts';
import {
  DEFAULT_PENALTY_MULTIPLIER_PPM,
  financingCharges,
  INTEREST_MODES,
  interestBetween,
  interestByDays,
  isInterestMode,
  penaltyInterest,
  serviceFee,
} from './interest.ts';
import { cents, parsePercent, parseYuan, type Cents } from './money.ts';

const ONE_MILLION_YUAN = parseYuan('1,000,000.00'); // 100_000_000 cents

describe('interestByDays (actual/360)', () => {
  it('1,000,000.00 at 7.2 % for 90 days is 18,000.00', () => {
    expect(interestByDays(ONE_MILLION_YUAN, parsePercent('7.2'), 90)).toBe(1_800_000);
  });

  it.each([
    // principal cents, ppm, days, expected cents
    [100_000_000, 72_000, 360, 7_200_000],
    [100_000_000, 72_000, 365, 7_300_000],
    [100_000_000, 72_000, 1, 20_000],
    [100_000_000, 49_000, 30, 408_333], // 408,333.33…
    [100_000_000, 43_500, 1, 12_083], // 12,083.33…
    [12_345, 49_000, 31, 52], // 52.089…
    [1_000, 36_000, 5, 1], // exactly 0.5 → 1 (half-up)
    [999, 36_000, 5, 0], // 0.4995 → 0
    [100_000_000, 0, 90, 0],
    [0, 72_000, 90, 0],
    [100_000_000, 72_000, 0, 0],
  ])('%d cents at %d ppm for %d days = %d cents', (principal, ppm, days, expected) => {
    expect(interestByDays(cents(principal), ppm, days)).toBe(expected);
  });

  it('stays exact for the largest amounts (no float products)', () => {
    // 9,007,199,254,740,991 × 0.36 / 360 = 9,007,199,254,740.991 → 9,007,199,254,741
    expect(interestByDays(cents(Number.MAX_SAFE_INTEGER), 360_000, 1)).toBe(9_007_199_254_741);
  });

  it.each([
    [-1, 72_000, 90],
    [100, -1, 90],
    [100, 72_000, -1],
    [100, 0.072, 90],
    [100, 72_000, 1.5],
    [1.5, 72_000, 90],
  ])('rejects principal %s, rate %s, days %s', (principal, ppm, days) => {
    expect(() => interestByDays(principal as Cents, ppm, days)).toThrow(DomainError);
  });

  it('rejects an overflowing result', () => {
    expect(() => interestByDays(cents(Number.MAX_SAFE_INTEGER), 1_000_000, 720)).toThrow('金额超出允许范围');
  });

  it('interestBetween counts the start day but not the end day', () => {
    expect(interestBetween(ONE_MILLION_YUAN, 72_000, '2024-01-01', '2024-03-31')).toBe(1_800_000); // 90 days
    expect(interestBetween(ONE_MILLION_YUAN, 72_000, '2024-01-01', '2024-01-01')).toBe(0);
    expect(interestBetween(ONE_MILLION_YUAN, 72_000, '2024-01-02', '2024-01-01')).toBe(0);
  });
});

describe('penaltyInterest', () => {
  it('is the daily rate × multiplier × overdue days', () => {
    // 1,000,000.00 × 7.2 % / 360 × 1.5 × 10 = 3,000.00
    expect(penaltyInterest(ONE_MILLION_YUAN, 72_000, DEFAULT_PENALTY_MULTIPLIER_PPM, 10)).toBe(300_000);
    expect(DEFAULT_PENALTY_MULTIPLIER_PPM).toBe(1_500_000);
    // 12,345.67 × 4.9 % / 360 × 1.5 × 7 = 17.6444… → 17.64
    expect(penaltyInterest(cents(1_234_567), 49_000, 1_500_000, 7)).toBe(1_764);
    expect(penaltyInterest(ONE_MILLION_YUAN, 72_000, 1_000_000, 90)).toBe(1_800_000);
    expect(penaltyInterest(ONE_MILLION_YUAN, 72_000, 1_500_000, 0)).toBe(0);
  });

  it('rounds once, not per factor', () => {
    // Daily penalty on 1,000 cents at 3.6 % × 1.5 is 0.15 cent: rounded per day it would be 0 forever.
    expect(penaltyInterest(cents(1_000), 36_000, 1_500_000, 4)).toBe(1); // 0.6
    expect(penaltyInterest(cents(1_000), 36_000, 1_500_000, 3)).toBe(0); // 0.45
  });

  it.each([
    [-1, 72_000, 1_500_000, 1],
    [100, 72_000, -1, 1],
    [100, 72_000, 1.5, 1],
    [100, 72_000, 1_500_000, -3],
  ])('rejects %s, %s, %s, %s', (principal, ppm, multiplier, days) => {
    expect(() => penaltyInterest(principal as Cents, ppm, multiplier, days)).toThrow(DomainError);
  });
});

describe('serviceFee', () => {
  it('is a flat share of the principal, rounded half-up', () => {
    expect(serviceFee(ONE_MILLION_YUAN, 5_000)).toBe(500_000); // 0.5 %
    expect(serviceFee(cents(12_345), 3_000)).toBe(37); // 37.035
    expect(serviceFee(cents(150), 10_000)).toBe(2); // 1.5 → 2
    expect(serviceFee(ONE_MILLION_YUAN, 0)).toBe(0);
  });

  it('rejects a negative rate or principal', () => {
    expect(() => serviceFee(ONE_MILLION_YUAN, -1)).toThrow(DomainError);
    expect(() => serviceFee(cents(-1), 5_000)).toThrow(DomainError);
  });
});

describe('financingCharges', () => {
  const base = { principal: ONE_MILLION_YUAN, annualRatePpm: 72_000, days: 90, serviceFeeRatePpm: 5_000 };

  it('UPFRONT deducts interest and fee at disbursement', () => {
    expect(financingCharges({ ...base, interestMode: 'UPFRONT' })).toEqual({
      interest: 1_800_000,
      serviceFee: 500_000,
      netDisbursed: 97_700_000,
      dueAtMaturity: 100_000_000,
    });
  });

  it('ARREARS deducts only the fee and collects interest with principal', () => {
    expect(financingCharges({ ...base, interestMode: 'ARREARS' })).toEqual({
      interest: 1_800_000,
      serviceFee: 500_000,
      netDisbursed: 99_500_000,
      dueAtMaturity: 101_800_000,
    });
  });

  it('handles no fee and no interest', () => {
    expect(financingCharges({ ...base, annualRatePpm: 0, serviceFeeRatePpm: 0, interestMode: 'UPFRONT' })).toEqual({
      interest: 0,
      serviceFee: 0,
      netDisbursed: 100_000_000,
      dueAtMaturity: 100_000_000,
    });
  });

  it('refuses charges above the principal', () => {
    expect(() => financingCharges({ ...base, annualRatePpm: 2_000_000, days: 360, interestMode: 'UPFRONT' })).toThrow(
      '利息和服务费超过融资金额',
    );
  });

  it('refuses an unknown interest mode', () => {
    expect(() => financingCharges({ ...base, interestMode: 'MONTHLY' as 'UPFRONT' })).toThrow('计息方式不正确');
  });

  it('lists the modes with Chinese labels', () => {
    expect(INTEREST_MODES).toEqual([
      { value: 'UPFRONT', label: '预收息' },
      { value: 'ARREARS', label: '利随本清' },
    ]);
    expect(isInterestMode('ARREARS')).toBe(true);
    expect(isInterestMode('arrears')).toBe(false);
  });
});
