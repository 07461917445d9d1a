import Decimal from 'decimal.js';
import { describe, it, expect } from 'vitest';
import { DomainError } from './errors.ts';
import { cents, parsePercent, parseYuan, type Cents } from './money.ts';
import {
  buildSchedule,
  equalInstalmentPayment,
  isRepaymentMethod,
  monthlyInterest,
  REPAYMENT_METHODS,
  type RepaymentMethod,
  type ScheduleInput,
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
    expect(rows[0]).toEqual({
      period: 1,
      dueDate: '2024-02-29',
      payment: 530_727,
      principal: 122_394,
      interest: 408_333,
      remaining: 99_877_606,
    });
    expect(rows[1]).toEqual({
      period: 2,
      dueDate: '2024-03-31',
      payment: 530_727,
      principal: 122_893,
      interest: 407_834,
      remaining: 99_754_713,
    });
    expect(rows.slice(0, 359).every((row) => row.payment === 530_727)).toBe(true);
    expect(rows[359]).toEqual({ period: 360, dueDate: '2054-01-31', payment: 530_519, principal: 528_362, interest: 2_157, remaining: 0 });
    expect(totals).toEqual({ payment: 191_061_512, principal: 100_000_000, interest: 91_061_512 });
  });

  it('12,000.00 at 6 % over 12 months: 1,032.80 a month, last 1,032.78', () => {
    const { rows, totals } = buildSchedule({
      principal: cents(1_200_000),
      annualRatePpm: 60_000,
      months: 12,
      method: 'EQUAL_INSTALMENT',
      startDate: '2024-01-31',
    });
    expect(rows[0]).toMatchObject({ payment: 103_280, interest: 6_000, principal: 97_280, remaining: 1_102_720 });
    expect(rows[11]).toMatchObject({ payment: 103_278, interest: 514, principal: 102_764, remaining: 0 });
    expect(totals).toEqual({ payment: 1_239_358, principal: 1_200_000, interest: 39_358 });
  });

  it('divides evenly at a zero rate', () => {
    const { rows, totals } = buildSchedule({
      principal: cents(100_000),
      annualRatePpm: 0,
      months: 3,
      method: 'EQUAL_INSTALMENT',
      startDate: '2024-01-15',
    });
    expect(rows.map((row) => [row.payment, row.interest, row.remaining])).toEqual([
      [33_333, 0, 66_667],
      [33_333, 0, 33_334],
      [33_334, 0, 0],
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
    expect(rows[0]).toEqual({
      period: 1,
      dueDate: '2024-02-29',
      payment: 686_111,
      principal: 277_778,
      interest: 408_333,
      remaining: 99_722_222,
    });
    expect(rows[1]).toEqual({
      period: 2,
      dueDate: '2024-03-31',
      payment: 684_977,
      principal: 277_778,
      interest: 407_199,
      remaining: 99_444_444,
    });
    // 359 × 2,777.78 = 997,222.02, so the last period takes 2,776.98.
    expect(rows[359]).toEqual({ period: 360, dueDate: '2054-01-31', payment: 278_832, principal: 277_698, interest: 1_134, remaining: 0 });
    expect(totals).toEqual({ payment: 173_704_108, principal: 100_000_000, interest: 73_704_108 });
  });

  it('never repays more than is owed when rounding up tiny amounts', () => {
    const { rows } = buildSchedule({
      principal: cents(17),
      annualRatePpm: 0,
      months: 10,
      method: 'EQUAL_PRINCIPAL',
      startDate: '2024-01-15',
    });
    // 17 cents in 10 parts rounds to 2 a month: paid off in month 9, so no ¥0.00 tenth instalment.
    const { shortenedFrom } = buildSchedule({
      principal: cents(17),
      annualRatePpm: 0,
      months: 10,
      method: 'EQUAL_PRINCIPAL',
      startDate: '2024-01-15',
    });
    expect(rows.map((row) => row.principal)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 1]);
    expect(shortenedFrom).toBe(10);
    expectConsistent({ principal: cents(17), annualRatePpm: 120_000, months: 10, method: 'EQUAL_PRINCIPAL', startDate: '2024-01-15' });
  });
});

describe('interest first (先息后本)', () => {
  it('pays round(P × r) each month and P at the end', () => {
    const { rows, totals } = mortgage('INTEREST_FIRST');
    expect(rows[0]).toEqual({
      period: 1,
      dueDate: '2024-02-29',
      payment: 408_333,
      principal: 0,
      interest: 408_333,
      remaining: 100_000_000,
    });
    expect(rows.slice(0, 359).every((row) => row.payment === 408_333 && row.remaining === 100_000_000)).toBe(true);
    expect(rows[359]).toEqual({
      period: 360,
      dueDate: '2054-01-31',
      payment: 100_408_333,
      principal: 100_000_000,
      interest: 408_333,
      remaining: 0,
    });
    expect(totals).toEqual({ payment: 246_999_880, principal: 100_000_000, interest: 146_999_880 });
  });
});

describe('bullet (到期一次还本付息)', () => {
  it('one payment at maturity with actual/360 interest', () => {
    // 2024-01-15 → 2024-04-15 is 91 days: 10,000.00 × 7.2 % × 91 / 360 = 182.00
    const { rows, totals } = buildSchedule({
      principal: cents(1_000_000),
      annualRatePpm: 72_000,
      months: 3,
      method: 'BULLET',
      startDate: '2024-01-15',
    });
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
      '2023-02-28',
      '2023-03-31',
      '2023-04-30',
      '2023-05-31',
      '2023-06-30',
      '2023-07-31',
      '2023-08-31',
      '2023-09-30',
      '2023-10-31',
      '2023-11-30',
      '2023-12-31',
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
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

// ---------------------------------------------------------------------------------------------
// Issue 15: exact charges, ¥0.00 tails, and schedules checked against an independent computation.

/**
 * An independent reference: decimal.js at 300 significant digits with the rate kept as the exact
 * fraction ppm / 12,000,000 inside each product (never rounded on its own), and its own month-end
 * date arithmetic on Date.UTC. It shares no code with schedule.ts.
 */
const Big = Decimal.clone({ precision: 300, rounding: Decimal.ROUND_HALF_UP });
const half = (v: Decimal) => v.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
function refDueDate(start: string, k: number): string {
  const [y, m, d] = start.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + k, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}
function reference(input: ScheduleInput) {
  const { principal: P, annualRatePpm: k, months: n, method, startDate } = input;
  const monthInterest = (balance: number) => half(new Big(balance).mul(k).div(12_000_000));
  if (method === 'BULLET') {
    const due = refDueDate(startDate, n);
    const days = (Date.parse(due) - Date.parse(startDate)) / 86_400_000;
    const interest = half(new Big(P).mul(k).mul(days).div(360_000_000));
    return [{ period: 1, dueDate: due, payment: P + interest, principal: P, interest, remaining: 0 }];
  }
  const r = new Big(k).div(12_000_000);
  const A = k === 0 ? half(new Big(P).div(n)) : half(new Big(P).mul(r).mul(r.plus(1).pow(n)).div(r.plus(1).pow(n).minus(1)));
  const rows = [];
  let balance = P as number;
  for (let i = 1; i <= n; i += 1) {
    const interest = monthInterest(balance);
    let p =
      i === n
        ? balance
        : method === 'INTEREST_FIRST'
          ? 0
          : method === 'EQUAL_PRINCIPAL'
            ? half(new Big(P).div(n))
            : Math.max(0, A - interest);
    p = Math.min(p, balance);
    balance -= p;
    rows.push({ period: i, dueDate: refDueDate(startDate, i), payment: p + interest, principal: p, interest, remaining: balance });
  }
  while (rows.length > 1 && rows[rows.length - 1].payment === 0) rows.pop();
  return rows;
}

describe('exact charges: one division of exact integers, half-up (the rounded-rate defect)', () => {
  it('180.00 at 4.9 %: period 1 interest is 0.74 (73.5 cents rounds up)', () => {
    for (const method of ['EQUAL_INSTALMENT', 'EQUAL_PRINCIPAL', 'INTEREST_FIRST'] as const) {
      const { rows } = buildSchedule({
        principal: parseYuan('180.00'),
        annualRatePpm: parsePercent('4.9'),
        months: 12,
        method,
        startDate: '2024-03-15',
      });
      expect(rows[0].interest).toBe(74);
    }
    expect(monthlyInterest(parseYuan('180.00'), 49_000)).toBe(74);
  });

  it('4,618,200.00 at 20.53 %: period 1 interest is 79,009.71', () => {
    const { rows } = buildSchedule({
      principal: parseYuan('4,618,200.00'),
      annualRatePpm: parsePercent('20.53'),
      months: 24,
      method: 'EQUAL_INSTALMENT',
      startDate: '2024-03-15',
    });
    expect(rows[0].interest).toBe(7_900_971);
    expect(monthlyInterest(parseYuan('4,618,200.00'), 205_300)).toBe(7_900_971);
  });

  it('equal principal rounds an exact half cent of P / n up: 0.05 over 2 months is 0.03 then 0.02', () => {
    const { rows } = buildSchedule({
      principal: cents(5),
      annualRatePpm: 0,
      months: 2,
      method: 'EQUAL_PRINCIPAL',
      startDate: '2024-03-15',
    });
    expect(rows.map((row) => row.principal)).toEqual([3, 2]);
  });

  it('the equal instalment is exact for long terms: 1,000,000.00 at 4.9 % over 600 months', () => {
    // A = P·k·(d+k)^n / (d·((d+k)^n − d^n)) with integers only; the reference uses 300-digit decimals.
    const A = equalInstalmentPayment(P, RATE, 600);
    const r = new Big(RATE).div(12_000_000);
    expect(A).toBe(half(new Big(P).mul(r).mul(r.plus(1).pow(600)).div(r.plus(1).pow(600).minus(1))));
  });
});

describe('schedules that would end with ¥0.00 instalments are shortened', () => {
  it('38,376.41 at 33.85 % over 358 months is paid off early: the schedule ends at the last real payment', () => {
    // The issue names month 357; exact rational arithmetic (A = 1,082.59; Python Fraction and the
    // 300-digit reference below agree) pays the balance off in month 356, leaving two ¥0.00 months.
    const s = buildSchedule({
      principal: parseYuan('38,376.41'),
      annualRatePpm: parsePercent('33.85'),
      months: 358,
      method: 'EQUAL_INSTALMENT',
      startDate: '2024-01-31',
    });
    expect(equalInstalmentPayment(parseYuan('38,376.41'), parsePercent('33.85'), 358)).toBe(108_259);
    expect(s.rows).toEqual(
      reference({
        principal: parseYuan('38,376.41'),
        annualRatePpm: parsePercent('33.85'),
        months: 358,
        method: 'EQUAL_INSTALMENT',
        startDate: '2024-01-31',
      }),
    );
    expect(s.rows).toHaveLength(356);
    expect(s.shortenedFrom).toBe(358);
    expect(s.rows.every((row) => row.payment > 0)).toBe(true);
    expect(s.rows[355].remaining).toBe(0);
    expect(s.totals.principal).toBe(parseYuan('38,376.41'));
  });

  it('an ordinary schedule keeps its full term', () => {
    expect(mortgage('EQUAL_INSTALMENT').shortenedFrom).toBeNull();
  });
});

describe('the four methods against the independent reference', () => {
  const cases: ScheduleInput[] = [];
  // A deterministic spread of amounts, rates (0 – 36 %), terms (1 – 360), start days (month ends, leap days).
  let seed = 20_240_229;
  const next = (mod: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % mod;
  };
  const starts = ['2024-01-31', '2024-02-29', '2023-01-31', '2023-12-31', '2024-05-30', '2025-03-15', '2099-11-30', '2000-02-29'];
  for (let i = 0; i < 120; i += 1) {
    cases.push({
      principal: cents(1 + next(2_000_000_000)),
      annualRatePpm: [0, 49_000, 205_300, 338_500, 360_000, 1][i % 6] + (i % 7 === 0 ? next(1000) : 0),
      months: [1, 2, 3, 12, 36, 60, 358, 360][i % 8],
      method: REPAYMENT_METHODS[i % 4].value,
      startDate: starts[next(starts.length)],
    });
  }

  it.each(cases.map((c) => [`${c.method} ${c.principal} @${c.annualRatePpm} × ${c.months} from ${c.startDate}`, c] as const))(
    '%s',
    (_, input) => {
      const s = buildSchedule(input);
      expect(s.rows).toEqual(reference(input));
      expect(s.totals.principal).toBe(input.principal);
      expectConsistent(input);
    },
  );
});

describe('leap years and month ends', () => {
  it('31 Jan 2024 → 29 Feb → 31 Mar (leap); 31 Jan 2025 → 28 Feb → 31 Mar', () => {
    const dues = (startDate: string) =>
      buildSchedule({ principal: P, annualRatePpm: RATE, months: 3, method: 'EQUAL_INSTALMENT', startDate }).rows.map((row) => row.dueDate);
    expect(dues('2024-01-31')).toEqual(['2024-02-29', '2024-03-31', '2024-04-30']);
    expect(dues('2025-01-31')).toEqual(['2025-02-28', '2025-03-31', '2025-04-30']);
    expect(dues('2024-02-29')).toEqual(['2024-03-29', '2024-04-29', '2024-05-29']);
    // 2100 is not a leap year, 2000 was.
    expect(dues('2100-01-29')[0]).toBe('2100-02-28');
    expect(dues('2000-01-30')[0]).toBe('2000-02-29');
  });

  it('bullet interest counts the leap day: 2024-02-01 → 2024-03-01 is 29 days', () => {
    const { rows } = buildSchedule({
      principal: cents(3_600_000),
      annualRatePpm: 100_000,
      months: 1,
      method: 'BULLET',
      startDate: '2024-02-01',
    });
    // 36,000.00 × 10 % × 29 / 360 = 290.00
    expect(rows[0]).toMatchObject({ dueDate: '2024-03-01', interest: 29_000 });
  });
});

describe('1-month and 360-month terms, zero rate', () => {
  it('one month: the whole principal plus one month of interest, for every method', () => {
    for (const method of ['EQUAL_INSTALMENT', 'EQUAL_PRINCIPAL', 'INTEREST_FIRST'] as const) {
      const { rows } = buildSchedule({
        principal: parseYuan('10,000.00'),
        annualRatePpm: 120_000,
        months: 1,
        method,
        startDate: '2024-01-31',
      });
      expect(rows).toEqual([
        { period: 1, dueDate: '2024-02-29', payment: 1_010_000, principal: 1_000_000, interest: 10_000, remaining: 0 },
      ]);
    }
  });

  it('360 months: every method books 360 rows (1 for bullet) and the principal column sums to P', () => {
    for (const { value } of REPAYMENT_METHODS) {
      const s = mortgage(value);
      expect(s.rows).toHaveLength(value === 'BULLET' ? 1 : 360);
      expect(s.totals.principal).toBe(P);
    }
  });

  it('zero rate: no interest in any method', () => {
    for (const { value } of REPAYMENT_METHODS) {
      const s = buildSchedule({ principal: parseYuan('1,000.00'), annualRatePpm: 0, months: 3, method: value, startDate: '2024-01-31' });
      expect(s.totals).toEqual({ payment: 100_000, principal: 100_000, interest: 0 });
    }
  });
});
