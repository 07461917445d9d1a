import { describe, expect, it } from 'vitest';
import { maskIdCard, maskMobile } from './masking.ts';
import { collateralValue, marginCallAmount, quantityToRestorePledgeRate } from './pledge.ts';

describe('adding goods instead of a margin top-up (补充质押货物)', () => {
  // The worked example of the pledge API test: 250,000.00 outstanding on 100.000 t of coil, price
  // down to 3,000.00 → value 300,000.00, call 40,000.00. The exposure needs 250,000 ÷ 70 % =
  // 357,142.857… → 357,142.86 of goods = 119.047619 t → 119.048 t (rounded up) → 19.048 t more.
  const base = { pledgedQuantity: '100.000', unitPrice: 300_000, pledgeRatePpm: 700_000, outstanding: 25_000_000, scale: 3 };

  it('asks for exactly the quantity that restores the pledge rate, to the unit’s decimals', () => {
    expect(quantityToRestorePledgeRate(base)).toBe('19.048');
    const enough = collateralValue('119.048', 300_000);
    expect(enough).toBe(35_714_400);
    expect(marginCallAmount({ outstanding: 25_000_000, value: enough, pledgeRatePpm: 700_000 })).toBe(0);
    // One thousandth of a tonne less is not enough.
    expect(marginCallAmount({ outstanding: 25_000_000, value: collateralValue('119.047', 300_000), pledgeRatePpm: 700_000 })).toBe(130);
  });

  it('counts a top-up margin already paid, and asks nothing when the rate holds', () => {
    expect(quantityToRestorePledgeRate({ ...base, topUpMargin: 4_000_000 })).toBe('0.000');
    expect(quantityToRestorePledgeRate({ ...base, unitPrice: 385_000 })).toBe('0.000');
    expect(quantityToRestorePledgeRate({ ...base, outstanding: 0 })).toBe('0.000');
    // Whole pieces round up to a whole piece.
    expect(
      quantityToRestorePledgeRate({ pledgedQuantity: '10', unitPrice: 100_000, pledgeRatePpm: 700_000, outstanding: 750_000, scale: 0 }),
    ).toBe('1');
  });

  it('refuses a price of zero', () => {
    expect(() => quantityToRestorePledgeRate({ ...base, unitPrice: 0 })).toThrow('单价必须大于0');
  });
});

describe('masking personal numbers in lists', () => {
  it('keeps the region code and the last four characters of an ID card, and a mobile’s ends', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
    expect(maskIdCard('110105491231002')).toBe('110105*****1002');
    expect(maskMobile('13812345678')).toBe('138****5678');
  });
});

describe('the value lines of the collateral chart', () => {
  it('is the value at which the exposure stands exactly at the line, rounded up', async () => {
    const { valueAtLine, loanToValuePpm } = await import('./pledge.ts');
    expect(valueAtLine(25_000_000, 800_000)).toBe(31_250_000);
    expect(valueAtLine(25_000_000, 900_000)).toBe(27_777_778);
    expect(loanToValuePpm({ outstanding: 25_000_000, value: 27_777_778 })).toBe(900_000);
    expect(loanToValuePpm({ outstanding: 25_000_000, value: 27_777_777 })).toBe(900_001);
    expect(valueAtLine(0, 800_000)).toBeNull();
  });
});
