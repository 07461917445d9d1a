import { describe, expect, it } from 'vitest';
import {
  assertPledgeTerms,
  collateralValue,
  loanToValuePpm,
  marginCallAmount,
  maxPledgeLoan,
  needsMarginCall,
  pledgeMargin,
  pledgeRisk,
  releasableAfterRepayment,
  releasableInProportion,
  releasableQuantity,
} from './pledge.ts';

const terms = { pledgeRatePpm: 700_000, warningLinePpm: 800_000, liquidationLinePpm: 900_000, marginRatePpm: 100_000 };

describe('goods-pledge money rules, to the cent', () => {
  it('worked example: 100 t of steel coil at ¥4,000.00/t finances at most ¥280,000.00 with ¥28,000.00 margin', () => {
    const value = collateralValue('100.000', 400_000);
    expect(value).toBe(40_000_000);
    expect(maxPledgeLoan(value, terms.pledgeRatePpm)).toBe(28_000_000);
    expect(pledgeMargin(28_000_000, terms.marginRatePpm)).toBe(2_800_000);
    expect(loanToValuePpm({ outstanding: 28_000_000, value })).toBe(700_000);
  });

  it('worked example: the price falls to ¥3,400.00/t — LTV 82.353 %, over the warning line while falling, a ¥42,000.00 call restores 70 %', () => {
    const value = collateralValue('100.000', 340_000);
    const ltv = loanToValuePpm({ outstanding: 28_000_000, value });
    expect(ltv).toBe(823_530); // 0.82352941… rounded up
    expect(pledgeRisk(ltv, terms)).toBe('WARNING');
    expect(needsMarginCall({ ltvPpm: ltv, priceFalling: true, terms })).toBe(true);
    expect(needsMarginCall({ ltvPpm: ltv, priceFalling: false, terms })).toBe(false);
    const call = marginCallAmount({ outstanding: 28_000_000, value, pledgeRatePpm: terms.pledgeRatePpm });
    expect(call).toBe(4_200_000);
    expect(loanToValuePpm({ outstanding: 28_000_000, topUpMargin: call, value })).toBe(700_000);
    expect(marginCallAmount({ outstanding: 28_000_000, topUpMargin: call, value, pledgeRatePpm: terms.pledgeRatePpm })).toBe(0);
  });

  it('over the liquidation line a call is raised whatever the direction of the price', () => {
    const ltv = loanToValuePpm({ outstanding: 28_000_000, value: collateralValue('100', 300_000) });
    expect(ltv).toBe(933_334);
    expect(pledgeRisk(ltv, terms)).toBe('LIQUIDATION');
    expect(needsMarginCall({ ltvPpm: ltv, priceFalling: false, terms })).toBe(true);
  });

  it('exactly on a line is not over it', () => {
    expect(pledgeRisk(800_000, terms)).toBe('NORMAL');
    expect(pledgeRisk(800_001, terms)).toBe('WARNING');
    expect(pledgeRisk(900_000, terms)).toBe('WARNING');
  });

  it('values round down, ratios and margins round up', () => {
    expect(collateralValue('12.345', 333_333)).toBe(4_114_995); // 4,114,995.885
    expect(maxPledgeLoan(4_114_995, 700_000)).toBe(2_880_496); // 2,880,496.5
    expect(pledgeMargin(2_880_496, 100_000)).toBe(288_050); // 288,049.6
    expect(loanToValuePpm({ outstanding: 1, value: 3 })).toBe(333_334);
    expect(loanToValuePpm({ outstanding: 0, value: 0 })).toBe(0);
    expect(loanToValuePpm({ outstanding: 5, value: 0 })).toBe(Number.POSITIVE_INFINITY);
  });

  it('worked example: repaying half of ¥280,000.00 releases 50 t of the 100 t at ¥4,000.00/t', () => {
    expect(
      releasableQuantity({
        pledgedQuantity: '100.000',
        unitPrice: 400_000,
        pledgeRatePpm: 700_000,
        outstandingAfter: 14_000_000,
        scale: 3,
      }),
    ).toBe('50.000');
  });

  it('releases round down to the unit and never below what the exposure needs', () => {
    // Needed value 10,000,000 ÷ 0.7 = 14,285,714.29 → 14,285,715 cents → 35.7142875 t → 35.715 t stay.
    const free = releasableQuantity({
      pledgedQuantity: '100.000',
      unitPrice: 400_000,
      pledgeRatePpm: 700_000,
      outstandingAfter: 10_000_000,
      scale: 3,
    });
    expect(free).toBe('64.285');
    const left = 100 - Number(free);
    expect(collateralValue(left.toFixed(3), 400_000) * 0.7).toBeGreaterThanOrEqual(10_000_000);
    // Pieces: whole units only.
    expect(
      releasableQuantity({ pledgedQuantity: '10', unitPrice: 100_000, pledgeRatePpm: 500_000, outstandingAfter: 250_001, scale: 0 }),
    ).toBe('4');
    // Nothing owed: everything; more owed than the goods cover: nothing.
    expect(releasableQuantity({ pledgedQuantity: '7.500', unitPrice: 1, pledgeRatePpm: 1, outstandingAfter: 0, scale: 3 })).toBe('7.500');
    expect(
      releasableQuantity({ pledgedQuantity: '1.000', unitPrice: 100, pledgeRatePpm: 700_000, outstandingAfter: 1_000_000, scale: 3 }),
    ).toBe('0.000');
    // Top-up margin covers part of the exposure.
    expect(
      releasableQuantity({
        pledgedQuantity: '100.000',
        unitPrice: 400_000,
        pledgeRatePpm: 700_000,
        outstandingAfter: 14_000_000,
        topUpMargin: 14_000_000,
        scale: 3,
      }),
    ).toBe('100.000');
  });

  it('a repayment frees goods in proportion to the principal repaid, never more than the pledge rate allows (issue 22)', () => {
    const loan = { totalPledged: '10.000', pledgedQuantity: '10.000', principal: 2_600_000, pledgeRatePpm: 700_000, scale: 3 };
    // After a price rise (3,850 → 9,000 a tonne), ¥0.01 repaid frees nothing: by value alone it would free 5.873 t.
    const cent = releasableAfterRepayment({ ...loan, outstandingAfter: 2_599_999, unitPrice: 900_000 });
    expect(cent).toMatchObject({ quantity: '0.000', limitedBy: 'PROPORTION' });
    expect(cent.byValue).not.toBe('0.000');
    // Half repaid frees half, whatever the price has done since…
    expect(releasableAfterRepayment({ ...loan, outstandingAfter: 1_300_000, unitPrice: 900_000 })).toMatchObject({
      quantity: '5.000',
      limitedBy: 'PROPORTION',
    });
    // …unless the price fell: then what keeps the loan at the pledge rate (13,000 ÷ 0.7 ÷ 3,000 = 6.191 t stay).
    expect(releasableAfterRepayment({ ...loan, outstandingAfter: 1_300_000, unitPrice: 300_000 })).toMatchObject({
      quantity: '3.809',
      inProportion: '5.000',
      limitedBy: 'VALUE',
    });
    // Goods already redeemed count: 5 t left of 10 t pledged, half repaid → nothing more.
    expect(releasableInProportion({ ...loan, pledgedQuantity: '5.000', outstandingAfter: 1_300_000 })).toBe('0.000');
    // Everything repaid: everything.
    expect(releasableAfterRepayment({ ...loan, outstandingAfter: 0, unitPrice: 1 }).quantity).toBe('10.000');
  });

  it('refuses a zero or negative price and lines out of order', () => {
    expect(() => collateralValue('1', 0)).toThrow('单价必须大于0');
    expect(() => collateralValue('1', -5)).toThrow('单价必须大于0');
    expect(() => assertPledgeTerms({ ...terms, warningLinePpm: 950_000 })).toThrow('质押率 < 预警线 < 平仓线');
    expect(() => assertPledgeTerms({ ...terms, marginRatePpm: 1_200_000 })).toThrow('0% 到 100%');
    expect(assertPledgeTerms(terms)).toEqual(terms);
  });
});
