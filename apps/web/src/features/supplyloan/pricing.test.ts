import { describe, expect, it } from 'vitest';
import { baseRateApplies, priceRows, rateHeadline, rateSpan } from './pricing.ts';

const tiered = {
  annualRatePpm: 72_000,
  serviceFeeRatePpm: 5_000,
  maxTermDays: 180,
  priceList: [
    { minDays: 1, maxDays: 30, annualRatePpm: 65_000, serviceFeeRatePpm: 3_000 },
    { minDays: 31, maxDays: 90, annualRatePpm: 72_000, serviceFeeRatePpm: 5_000 },
    { minDays: 91, maxDays: 180, annualRatePpm: 80_000, serviceFeeRatePpm: 8_000 },
  ],
};

describe('platform pricing', () => {
  it('takes the headline from the tiers when they cover every term', () => {
    expect(baseRateApplies(tiered)).toBe(false);
    expect(priceRows(tiered).map((r) => r.key)).toEqual(['1-30', '31-90', '91-180']);
    expect(rateSpan(tiered)).toEqual({ min: 65_000, max: 80_000 });
  });
  it('adds the base rate where a term falls outside the tiers, or when there are none', () => {
    const gap = { ...tiered, maxTermDays: 240 };
    expect(baseRateApplies(gap)).toBe(true);
    expect(priceRows(gap).at(-1)).toMatchObject({ key: 'base', base: true, annualRatePpm: 72_000 });
    const flat = { ...tiered, annualRatePpm: 84_000, priceList: [] };
    expect(rateSpan(flat)).toEqual({ min: 84_000, max: 84_000 });
  });
});

describe('rateHeadline', () => {
  it('shows the range the tiers span, or the one rate', () => {
    expect(rateHeadline(tiered)).toBe('6.50% – 8.00%');
    expect(rateHeadline({ ...tiered, annualRatePpm: 84_000, priceList: [] })).toBe('8.40%');
  });
});
