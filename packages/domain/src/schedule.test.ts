import { describe, it, expect } from 'vitest';
import { DomainError } from './errors.ts';
import { cents, parsePercent, parseYuan, type Cents } from './money.ts';
import {
  buildSchedule, equalInstalmentPayment, isRepaymentMethod, REPAYMENT_METHODS, type RepaymentMethod, type ScheduleInput,
} from './schedule.ts';

const P = parseYuan('1,000,000.00');
const RATE = parsePercent('4.9');
const mortgage = (method: RepaymentMethod) =>
  buildSchedule({ principal: P, annualRatePpm: RATE, months: 360, method, startDate: '2024-01-31' });

function expectConsistent(input: ScheduleInput): void {
  const { rows, totals } = buildSchedule(input);
  let balance = input.principal as number;
  for (const row of rows) {
    expect(row.payment).toBe(row.principal + row.interest);
    expect(row.principal).toBeGreaterThanOrEqual(0);
    expect(row.interest).toBeGreaterThanOrEqual(0);
    balance -= row.principal;
    expect(row.remaining).toBe(balance);
  }
  expect(balance).toBe(0);
  expect(totals.principal).toBe(input.principal);
  expect(totals.payment).toBe(totals.principal + totals.interest);
}

describe('REPAYMENT_METHODS', () => {
  it('has the four methods with Chinese labels', () => {
    expect(REPAYMENT_METHODS).toEqual([
      { value: 'EQUAL_INSTALMENT', label: '等额本息' },
      { value: 'EQUAL_PRINCIPAL', label: '等额本金' },
      { value: 'INTEREST_FIRST', label: '先息后本' },
      { value: 'BULLET', label: '到期一次还本付息' },
    ]);
    expect(isRepaymentMethod('BULLET')).toBe(true);
    expect(isRepaymentMethod('toString')).toBe(false);
    expect(isRepaymentMethod(undefined)).toBe(false);
  });
});

describe('equal instalment (等额本息)', () => {
  it('1,000,000.00 at 4.9 % over 360 months: 5,307.27 a month, first interest 4,083.33', () => {
    const { rows, totals } = mortgage('EQUAL_INSTALMENT');
    expect(equalInstalmentPayment(P, RATE, 360)).toBe(530_727);
    expect(rows).toHaveLength(360);
    expect(rows[0]).toEqual({ period: 1, dueDate: '2024-02-29', payment: 530_727, principal: 122_394, interest: 408_333, remaining: 99_877_606 });
    expect(rows[1]).toEqual({ period: 2, dueDate: '2024-03-31', payment: 530_727, principal: 122_893, interest: 407_834, remaining: 99_754_713 });
    expect(rows.slice(0, 359).every((row) => row.payment === 530_727)).toBe(true);
    expect(rows[359]).toEqual({ period: 360, dueDate: '2054-01-31', payment: 530_519, principal: 528_362, interest: 2_157, remaining: 0 });
    expect(totals).toEqual({ payment: 191_061_512, principal: 100_000_000, interest: 91_061_512 });
  });

  it('12,000.00 at 6 % over 12 months: 1,032.80 a month, last 1,032.78', () => {
    const { rows, totals } = buildSchedule({ principal: cents(1_200_000), annualRatePpm: 60_000, months: 12, method: 'EQUAL_INSTALMENT', startDate: '2024-01-31' });
    expect(rows[0]).toMatchObject({ payment: 103_280, interest: 6_000, principal: 97_280, remaining: 1_102_720 });
    expect(rows[11]).toMatchObject({ payment: 103_278, interest: 514, principal: 102_764, remaining: 0 });
    expect(totals).toEqual({ payment: 1_239_358, principal: 1_200_000, interest: 39_358 });
  });

  it('divides evenly at a zero rate', () => {
    const { rows, totals } = buildSchedule({ principal: cents(100_000), annualRatePpm: 0, months: 3, method: 'EQUAL_INSTALMENT', startDate: '2024-01-15' });
    expect(rows.map((row) => [row.payment, row.interest, row.remaining])).toEqual([
      [33_333, 0, 66_667], [33_333, 0, 33_334], [33_334, 0, 0],
    ]);
    expect(totals).toEqual({ payment: 100_000, principal: 100_000, interest: 0 });
  });

  it('stays consistent for odd inputs', () => {
    expectConsistent({ principal: cents(1), annualRatePpm: 49_000, months: 12, method: 'EQUAL_INSTALMENT', startDate: '2024-01-01' });
    expectConsistent({ principal: cents(99_999), annualRatePpm: 240_000, months: 36, method: 'EQUAL_INSTALMENT', startDate: '2024-05-31' });
    expectConsistent({ principal: cents(7), annualRatePpm: 0, months: 12, method: 'EQUAL_INSTALMENT', startDate: '2024-05-31' });
  });
});

describe('equal principal (等额本金)', () => {
  it('1,000,000.00 at 4.9 % over 360 months: first payment 6,861.11', () => {
    const { rows, totals } = mortgage('EQUAL_PRINCIPAL');
    expect(rows[0]).toEqual({ period: 1, dueDate: '2024-02-29', payment: 686_111, principal: 277_778, interest: 408_333, remaining: 99_722_222 });
    expect(rows[1]).toEqual({ period: 2, dueDate: '2024-03-31', payment: 684_977, principal: 277_778, interest: 407_199, remaining: 99_444_444 });
    // 359 × 2,777.78 = 997,222.02, so the last period takes 2,776.98.
    expect(rows[359]).toEqual({ period: 360, dueDate: '2054-01-31', payment: 278_832, principal: 277_698, interest: 1_134, remaining: 0 });
    expect(totals).toEqual({ payment: 173_704_108, principal: 100_000_000, interest: 73_704_108 });
  });

  it('never repays more than is owed when rounding up tiny amounts', () => {
    const { rows } = buildSchedule({ principal: cents(17), annualRatePpm: 0, months: 10, method: 'EQUAL_PRINCIPAL', startDate: '2024-01-15' });
    expect(rows.map((row) => row.principal)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 1, 0]);
    expectConsistent({ principal: cents(17), annualRatePpm: 120_000, months: 10, method: 'EQUAL_PRINCIPAL', startDate: '2024-01-15' });
  });
});

describe('interest first (先息后本)', () => {
  it('pays round(P × r) each month and P at the end', () => {
    const { rows, totals } = mortgage('INTEREST_FIRST');
    expect(rows[0]).toEqual({ period: 1, dueDate: '2024-02-29', payment: 408_333, principal: 0, interest: 408_333, remaining: 100_000_000 });
    expect(rows.slice(0, 359).every((row) => row.payment === 408_333 && row.remaining === 100_000_000)).toBe(true);
    expect(rows[359]).toEqual({ period: 360, dueDate: '2054-01-31', payment: 100_408_333, principal: 100_000_000, interest: 408_333, remaining: 0 });
    expect(totals).toEqual({ payment: 246_999_880, principal: 100_000_000, interest: 146_999_880 });
  });
});

describe('bullet (到期一次还本付息)', () => {
  it('one payment at maturity with actual/360 interest', () => {
    // 2024-01-15 → 2024-04-15 is 91 days: 10,000.00 × 7.2 % × 91 / 360 = 182.00
    const { rows, totals } = buildSchedule({ principal: cents(1_000_000), annualRatePpm: 72_000, months: 3, method: 'BULLET', startDate: '2024-01-15' });
    expect(rows).toEqual([{ period: 1, dueDate: '2024-04-15', payment: 1_018_200, principal: 1_000_000, interest: 18_200, remaining: 0 }]);
    expect(totals).toEqual({ payment: 1_018_200, principal: 1_000_000, interest: 18_200 });
  });

  it('uses the clamped due date for day counting', () => {
    // 2023-11-30 → 2024-02-29 (3 months, clamped) = 91 days
    const { rows } = buildSchedule({ principal: P, annualRatePpm: 72_000, months: 3, method: 'BULLET', startDate: '2023-11-30' });
    expect(rows[0]).toMatchObject({ dueDate: '2024-02-29', interest: 1_820_000, payment: 101_820_000 });
  });

  it('30 years of 4.9 % on 1,000,000.00: 10,958 days', () => {
    expect(mortgage('BULLET').rows[0]).toMatchObject({ dueDate: '2054-01-31', interest: 149_150_556 });
  });
});

describe('due dates', () => {
  it('follow the original day of month, clamped to the month end', () => {
    const { rows } = buildSchedule({ principal: P, annualRatePpm: RATE, months: 14, method: 'INTEREST_FIRST', startDate: '2023-01-31' });
    expect(rows.map((row) => row.dueDate)).toEqual([
      '2023-02-28', '2023-03-31', '2023-04-30', '2023-05-31', '2023-06-30', '2023-07-31', '2023-08-31',
      '2023-09-30', '2023-10-31', '2023-11-30', '2023-12-31', '2024-01-31', '2024-02-29', '2024-03-31',
    ]);
  });

  it('keep a mid-month day unchanged', () => {
    const { rows } = buildSchedule({ principal: P, annualRatePpm: RATE, months: 3, method: 'EQUAL_PRINCIPAL', startDate: '2024-11-15' });
    expect(rows.map((row) => row.dueDate)).toEqual(['2024-12-15', '2025-01-15', '2025-02-15']);
  });
});

describe('invalid input', () => {
  const good: ScheduleInput = { principal: P, annualRatePpm: RATE, months: 12, method: 'EQUAL_INSTALMENT', startDate: '2024-01-01' };

  it.each([
    [{ principal: cents(0) }, '借款金额必须大于0'],
    [{ principal: cents(-100) }, '借款金额必须大于0'],
    [{ principal: 1.5 as Cents }, '借款金额必须大于0'],
    [{ annualRatePpm: -1 }, '年利率不能为负数'],
    [{ annualRatePpm: 0.049 }, '年利率不能为负数'],
    [{ months: 0 }, '期限必须是1到600之间的整数月'],
    [{ months: 601 }, '期限必须是1到600之间的整数月'],
    [{ months: 1.5 }, '期限必须是1到600之间的整数月'],
    [{ method: 'MONTHLY' as RepaymentMethod }, '还款方式不正确'],
    [{ startDate: '2024-02-30' }, '起息日格式不正确，应为YYYY-MM-DD'],
    [{ startDate: '2024/01/01' }, '起息日格式不正确，应为YYYY-MM-DD'],
  ])('rejects %j', (override, text) => {
    expect(() => buildSchedule({ ...good, ...override })).toThrow(DomainError);
    expect(() => buildSchedule({ ...good, ...override })).toThrow(text);
  });

  it('a single month works for every method', () => {
    for (const method of REPAYMENT_METHODS.map((m) => m.value)) {
      const { rows } = buildSchedule({ ...good, months: 1, method });
      expect(rows).toHaveLength(1);
      expect(rows[0].principal).toBe(P);
    }
  });
});
