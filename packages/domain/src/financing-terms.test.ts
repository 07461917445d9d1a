import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './dates.ts';
import { DomainError } from './errors.ts';
import {
  advanceCap,
  dueDateOf,
  dueDateWording,
  extensionPricing,
  financingAmountProblem,
  financingLimit,
  priceForTerm,
  termProblem,
  type TermPricing,
} from './financing-terms.ts';
import { financingCharges, interestBetween, interestByDays } from './interest.ts';
import { parseYuan, type Cents } from './money.ts';

// The figures of issue 12 ("money details an auditor found"), each to the cent or the day.

const platform: TermPricing = {
  annualRatePpm: 72_000,
  serviceFeeRatePpm: 5_000,
  maxTermDays: 180,
  priceList: [
    { minDays: 1, maxDays: 30, annualRatePpm: 65_000, serviceFeeRatePpm: 3_000 },
    { minDays: 31, maxDays: 90, annualRatePpm: 72_000, serviceFeeRatePpm: 5_000 },
    { minDays: 91, maxDays: 180, annualRatePpm: 80_000, serviceFeeRatePpm: 8_000 },
  ],
};

describe('how much may be financed: min(available credit, advance rate × chosen invoices)', () => {
  it('the advance-rate cap rounds down: 7,777,777.77 × 70 % = 5,444,444.439 → 5,444,444.43', () => {
    expect(advanceCap(parseYuan('7,777,777.77'), 700_000)).toBe(parseYuan('5,444,444.43'));
    expect(
      financingAmountProblem(parseYuan('5,444,444.44'), {
        available: parseYuan('9,000,000'),
        advanceRatePpm: 700_000,
        receivables: parseYuan('7,777,777.77'),
      }),
    ).toBe('融资金额超过可融资额度：应收账款 7,777,777.77 元 × 融资比例 70.00% = 5,444,444.43 元');
    expect(
      financingAmountProblem(parseYuan('5,444,444.43'), {
        available: parseYuan('9,000,000'),
        advanceRatePpm: 700_000,
        receivables: parseYuan('7,777,777.77'),
      }),
    ).toBeNull();
  });

  it('a ¥150,000 invoice at 80 % with ¥4,200,000 of credit allows 120,000.00, not 4,200,000.00; ¥1,000,000 is refused', () => {
    const input = { available: parseYuan('4,200,000'), advanceRatePpm: 800_000, receivables: parseYuan('150,000') };
    expect(financingLimit(input)).toEqual({
      maxAmount: 12_000_000,
      advanceCap: 12_000_000,
      available: 420_000_000,
      boundBy: 'ADVANCE_RATE',
    });
    expect(financingAmountProblem(parseYuan('1,000,000'), input)).toBe(
      '融资金额超过可融资额度：应收账款 150,000.00 元 × 融资比例 80.00% = 120,000.00 元',
    );
    expect(financingAmountProblem(parseYuan('120,000'), input)).toBeNull();
  });

  it('the credit bounds it when the invoices would allow more; no invoice chosen: no maximum yet', () => {
    const input = { available: parseYuan('100,000'), advanceRatePpm: 800_000, receivables: parseYuan('1,000,000') };
    expect(financingLimit(input)).toMatchObject({ maxAmount: 10_000_000, boundBy: 'CREDIT' });
    expect(financingAmountProblem(parseYuan('100,000.01'), input)).toBe('融资金额超过可用授信额度（可用 100,000.00 元）');
    expect(financingLimit({ ...input, receivables: null })).toMatchObject({ maxAmount: null, boundBy: null });
  });
});

describe('which price a term gets', () => {
  it('the bracket of the term; a term beyond the platform maximum is refused, not priced at the base rate', () => {
    expect(priceForTerm(platform, 180)).toMatchObject({ annualRatePpm: 80_000, serviceFeeRatePpm: 8_000 });
    expect(() => priceForTerm(platform, 181)).toThrow(new DomainError('融资期限不能超过平台最长期限 180 天'));
    expect(termProblem(0, 180)).toBe('融资期限至少 1 天');
    expect(termProblem(1.5, 180)).toBe('融资期限必须是整数天');
    expect(termProblem(-3, 180)).toBe('融资期限至少 1 天');
  });
});

describe('one day count: trial, booking and contract', () => {
  it('due date = value date (disbursement) + term; interest counts exactly the term in days', () => {
    expect(dueDateOf('2026-01-01', 60)).toBe('2026-03-02');
    expect(daysBetween('2026-01-01', dueDateOf('2026-01-01', 60))).toBe(60);
    expect(dueDateOf('2026-01-31', 61)).toBe('2026-04-02');
    expect(dueDateWording(61)).toBe('放款日加 61 天');
  });
});

describe('extensions (展期)', () => {
  // ¥1,000,000.50 at 7.2 % in arrears for 31 days, extended by 20 days (51 days: the same bracket).
  const P = parseYuan('1,000,000.50') as Cents;
  const start = '2026-01-01';
  const oldDue = dueDateOf(start, 31);
  const newDue = addDays(oldDue, 20);

  it('what is shown is what is collected: 6,200.00 + 4,000.01 = 10,200.01 (not 6,200.00 + 4,000.00 = 10,200.00)', () => {
    const original = financingCharges({ principal: P, annualRatePpm: 72_000, days: 31, serviceFeeRatePpm: 5_000, interestMode: 'ARREARS' });
    expect(original.interest).toBe(620_000); // 6,200.0031
    expect(interestByDays(P, 72_000, 20)).toBe(400_000); // the old rule's 4,000.00 for the added days alone
    const x = extensionPricing(platform, {
      outstanding: P,
      currentRatePpm: 72_000,
      startDate: start,
      accrualFrom: start,
      oldDueDate: oldDue,
      newDueDate: newDue,
    });
    expect(x).toMatchObject({ totalDays: 51, extraDays: 20, annualRatePpm: 72_000, repriced: false, extraInterest: 400_001 });
    // Collected on the new due date: interest accrued over the one whole period, rounded once.
    const collected = interestBetween(P, x.annualRatePpm, start, newDue);
    expect(collected).toBe(1_020_001); // 10,200.0051
    expect(original.interest + x.extraInterest).toBe(collected);
  });

  it('an extension into a dearer bracket is priced at that bracket for the whole new term (never cheaper than applying for it at once)', () => {
    // 1,000,000.00 applied for 60 days at 7.2 % (31–90), extended by 40 days: 100 days falls in 91–180 at 8.0 %.
    const p = parseYuan('1,000,000');
    const due60 = dueDateOf(start, 60);
    const x = extensionPricing(platform, {
      outstanding: p,
      currentRatePpm: 72_000,
      startDate: start,
      accrualFrom: start,
      oldDueDate: due60,
      newDueDate: dueDateOf(start, 100),
    });
    expect(x).toMatchObject({ totalDays: 100, annualRatePpm: 80_000, repriced: true });
    // 100 days at 8.0 % = 22,222.22; 60 days at 7.2 % = 12,000.00 → extension interest 10,222.22
    expect(x.extraInterest).toBe(2_222_222 - 1_200_000);
    expect(interestByDays(p, 80_000, 100)).toBe(2_222_222);
  });

  it('never re-prices below the agreed rate; beyond the platform maximum it is refused', () => {
    const cheapLong: TermPricing = { ...platform, priceList: [{ minDays: 61, maxDays: 180, annualRatePpm: 50_000, serviceFeeRatePpm: 0 }] };
    const x = extensionPricing(cheapLong, {
      outstanding: P,
      currentRatePpm: 72_000,
      startDate: start,
      accrualFrom: start,
      oldDueDate: dueDateOf(start, 30),
      newDueDate: dueDateOf(start, 90),
    });
    expect(x).toMatchObject({ annualRatePpm: 72_000, repriced: false });
    expect(() =>
      extensionPricing(platform, {
        outstanding: P,
        currentRatePpm: 72_000,
        startDate: start,
        accrualFrom: start,
        oldDueDate: oldDue,
        newDueDate: dueDateOf(start, 181),
      }),
    ).toThrow('展期后融资期限 181 天，超过平台最长期限 180 天');
    expect(() =>
      extensionPricing(platform, {
        outstanding: P,
        currentRatePpm: 72_000,
        startDate: start,
        accrualFrom: start,
        oldDueDate: oldDue,
        newDueDate: oldDue,
      }),
    ).toThrow(`新到期日必须晚于当前到期日 ${oldDue}`);
  });
});
