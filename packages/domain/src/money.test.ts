import { describe, it, expect } from 'vitest';
import {
  addCents,
  asciiNumberText,
  cents,
  centsToYuanString,
  DEFAULT_TRANSFER_FEE,
  DEFAULT_WITHDRAW_FEE,
  formatPercent,
  formatYuan,
  isCents,
  parsePercent,
  parseYuan,
  ratePpm,
  ratePpmToPercentString,
  subCents,
  sumCents,
  yuanToCents,
  type Cents,
} from './money.ts';
import { applyRatePpm } from './money-rates.ts';
import { MoneyError } from './errors.ts';

const MAX = Number.MAX_SAFE_INTEGER; // 9007199254740991 cents = 90,071,992,547,409.91 yuan

describe('cents', () => {
  it('brands safe integers and normalises -0', () => {
    expect(cents(123)).toBe(123);
    expect(cents(-5)).toBe(-5);
    expect(Object.is(cents(-0), 0)).toBe(true);
    expect(cents(MAX)).toBe(MAX);
    expect(cents(-MAX)).toBe(-MAX);
  });

  it.each([0.5, 1.005, NaN, Infinity, -Infinity, MAX + 1, -MAX - 1, 2 ** 60])('rejects %s', (value) => {
    expect(() => cents(value)).toThrow(MoneyError);
  });

  it('reports non-integers and out-of-range amounts in Chinese', () => {
    expect(() => cents(1.5)).toThrow('金额必须是以分为单位的整数');
    expect(() => cents(2 ** 60)).toThrow('金额超出允许范围');
  });

  it('isCents is a guard', () => {
    expect(isCents(1)).toBe(true);
    expect(isCents(1.1)).toBe(false);
    expect(isCents('1')).toBe(false);
    expect(isCents(null)).toBe(false);
  });

  it('SPEC §9 fees are 2000 cents (¥20.00)', () => {
    expect(DEFAULT_WITHDRAW_FEE).toBe(2000);
    expect(DEFAULT_TRANSFER_FEE).toBe(2000);
    expect(formatYuan(DEFAULT_WITHDRAW_FEE)).toBe('20.00');
  });
});

describe('parseYuan', () => {
  it.each([
    ['0', 0],
    ['0.00', 0],
    ['-0', 0],
    ['1', 100],
    ['1.5', 150],
    ['1.05', 105],
    ['0.01', 1],
    ['-0.01', -1],
    ['+2.30', 230],
    ['1234.50', 123450],
    ['1,234.5', 123450],
    ['1,234,567.89', 123456789],
    ['  1234567.89  ', 123456789],
    ['007.10', 710],
    ['0.1', 10], // 0.1 * 100 in floats is 10.000000000000002
    ['0.29', 29], // 0.29 * 100 in floats is 28.999999999999996
    ['1.13', 113], // 1.13 * 100 in floats is 112.99999999999999
    ['90071992547409.91', MAX],
    ['-90,071,992,547,409.91', -MAX],
  ])('%s → %d cents', (text, expected) => {
    expect(parseYuan(text)).toBe(expected);
  });

  it('returns no negative zero', () => {
    expect(Object.is(parseYuan('-0.00'), 0)).toBe(true);
  });

  it.each(['', '   '])('rejects empty %j', (text) => {
    expect(() => parseYuan(text)).toThrow('请输入金额');
  });

  it.each([
    '1.234',
    '0.001',
    '1.',
    '.5',
    'abc',
    '12a',
    '1e5',
    '1E2',
    '¥12',
    '12元',
    '1,23',
    '12,34.00',
    '1234,567',
    ',123',
    '1,,234',
    '--1',
    '+-1',
    '- 1',
    '1 000',
    '0x10',
    'Infinity',
    'NaN',
    '1.2.3',
    '1,234.5.6',
  ])('rejects %j with the format message', (text) => {
    expect(() => parseYuan(text)).toThrow('金额格式不正确，最多两位小数');
  });

  it.each(['90071992547409.92', '-90071992547409.92', '100000000000000', '99999999999999999999.99'])(
    'rejects %s beyond ±(2^53−1) cents',
    (text) => {
      expect(() => parseYuan(text)).toThrow('金额超出允许范围');
    },
  );

  it('throws MoneyError', () => {
    expect(() => parseYuan('x')).toThrow(MoneyError);
  });
});

describe('yuanToCents', () => {
  it('accepts text and plain numbers of yuan', () => {
    expect(yuanToCents('12.34')).toBe(1234);
    expect(yuanToCents(12.34)).toBe(1234);
    expect(yuanToCents(0.29)).toBe(29);
    expect(yuanToCents(-7)).toBe(-700);
  });

  it.each([NaN, Infinity, 0.1 + 0.2, 1.005, 1e21])('rejects %s', (value) => {
    expect(() => yuanToCents(value)).toThrow(MoneyError);
  });
});

describe('formatYuan / centsToYuanString', () => {
  it.each([
    [0, '0.00'],
    [null, '0.00'],
    [undefined, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [100, '1.00'],
    [-100, '-1.00'],
    [-1, '-0.01'],
    [99999, '999.99'],
    [100000, '1,000.00'],
    [123456789, '1,234,567.89'],
    [-123456789, '-1,234,567.89'],
    [100000000000, '1,000,000,000.00'],
    [MAX, '90,071,992,547,409.91'],
  ])('formatYuan(%s) = %s', (value, text) => {
    expect(formatYuan(value)).toBe(text);
  });

  it('has no separators in the plain form', () => {
    expect(centsToYuanString(123456789)).toBe('1234567.89');
    expect(centsToYuanString(-5)).toBe('-0.05');
    expect(centsToYuanString(0)).toBe('0.00');
  });

  it('round-trips through parseYuan', () => {
    for (const value of [0, 1, -1, 99, 100, 123456789, -987654321, MAX, -MAX]) {
      expect(parseYuan(formatYuan(value))).toBe(value);
      expect(parseYuan(centsToYuanString(value))).toBe(value);
    }
  });

  it.each([0.5, Infinity, MAX + 1, '1.5', 'abc'])('refuses to format %s (not whole cents: a programming error)', (value) => {
    expect(() => formatYuan(value)).toThrow(MoneyError);
  });

  it.each([
    ['', '0.00'],
    ['  ', '0.00'],
    [NaN, '0.00'],
    ['123456', '1,234.56'],
  ])('issue 12: nothing known shows 0.00 instead of throwing — formatYuan(%j) = %s', (value, text) => {
    expect(formatYuan(value)).toBe(text);
  });
});

describe('issue 12: full-width digits typed through a Chinese input method', () => {
  it.each([
    ['００１', '001'],
    ['１，０００．５０', '1,000.50'],
    ['－３', '-3'],
    ['\u3000１２％ ', '12%'],
    ['1 000', '1 000'], // only the ends are trimmed: an inner space is still an error where it was one
  ])('asciiNumberText(%j) = %j', (typed, ascii) => {
    expect(asciiNumberText(typed)).toBe(ascii);
  });

  it('parseYuan and parsePercent read them as ASCII', () => {
    expect(parseYuan('００１')).toBe(100);
    expect(parseYuan('１，２３４．５６')).toBe(123_456);
    expect(parseYuan('１２３４。５')).toBe(123_450);
    expect(parsePercent('７．２％')).toBe(72_000);
    expect(() => parseYuan('１．２３４')).toThrow(MoneyError);
  });
});

describe('addCents / subCents / sumCents', () => {
  const c = (n: number): Cents => cents(n);

  it('adds and subtracts', () => {
    expect(addCents(c(150), c(275))).toBe(425);
    expect(subCents(c(150), c(275))).toBe(-125);
    expect(sumCents([c(10), c(20), c(30), c(-5)])).toBe(55);
    expect(sumCents([])).toBe(0);
  });

  it('has no float drift: 0.10 + 0.20 yuan = 0.30 yuan', () => {
    expect(formatYuan(addCents(parseYuan('0.10'), parseYuan('0.20')))).toBe('0.30');
  });

  it('guards the safe-integer range', () => {
    expect(addCents(c(MAX - 1), c(1))).toBe(MAX);
    expect(() => addCents(c(MAX), c(1))).toThrow('金额超出允许范围');
    expect(() => subCents(c(-MAX), c(1))).toThrow(MoneyError);
    expect(() => sumCents([c(MAX), c(MAX), c(-MAX)])).toThrow(MoneyError);
  });

  it('rejects non-integer operands smuggled in by a cast', () => {
    expect(() => addCents(1.5 as Cents, c(1))).toThrow(MoneyError);
    expect(() => subCents(c(1), NaN as Cents)).toThrow(MoneyError);
  });
});

describe('rates', () => {
  it.each([
    ['4.9', 49_000],
    ['4.90', 49_000],
    ['4.9%', 49_000],
    [' 4.9 % ', 49_000],
    ['7.2', 72_000],
    ['0', 0],
    ['0.0001', 1],
    ['100', 1_000_000],
    ['12.3456', 123_456],
    ['0.35', 3_500], // 0.35 * 10000 in floats is 3499.9999999999995
  ])('parsePercent(%j) = %d ppm', (text, ppm) => {
    expect(parsePercent(text)).toBe(ppm);
  });

  it('asks for a value when empty', () => {
    expect(() => parsePercent('')).toThrow('请输入利率');
  });

  it.each(['4.90001', '-1', 'abc', '4,9', '.5', '5.', '4.9%%', '%', '1e2', '99999999999999999'])('parsePercent rejects %j', (text) => {
    expect(() => parsePercent(text)).toThrow(MoneyError);
  });

  it.each([
    [49_000, '4.90%'],
    [72_000, '7.20%'],
    [0, '0.00%'],
    [null, '0.00%'],
    [undefined, '0.00%'],
    [1_000_000, '100.00%'],
    [123_449, '12.34%'],
    [123_450, '12.35%'], // half-up
    [49, '0.00%'],
    [50, '0.01%'],
    [-49_000, '-4.90%'],
    [-49, '0.00%'],
    [1_500_000, '150.00%'],
  ])('formatPercent(%s) = %s', (ppm, text) => {
    expect(formatPercent(ppm)).toBe(text);
  });

  it('formatPercent rejects non-integer ppm', () => {
    expect(() => formatPercent(4.9)).toThrow(MoneyError);
  });

  it('ratePpmToPercentString keeps at least two decimals and drops trailing zeros beyond', () => {
    expect(ratePpmToPercentString(49_000)).toBe('4.90');
    expect(ratePpmToPercentString(123_456)).toBe('12.3456');
    expect(ratePpmToPercentString(123_450)).toBe('12.345');
    expect(ratePpmToPercentString(0)).toBe('0.00');
    expect(parsePercent(ratePpmToPercentString(123_456))).toBe(123_456);
  });

  it('ratePpm guards integers', () => {
    expect(ratePpm(49_000)).toBe(49_000);
    expect(() => ratePpm(0.049)).toThrow('利率必须是以百万分之一为单位的整数');
  });

  it('applyRatePpm rounds half-up once', () => {
    expect(applyRatePpm(cents(100_000_000), 800_000)).toBe(80_000_000); // 80 % advance rate
    expect(applyRatePpm(cents(12_345), 100_000)).toBe(1_235); // 1234.5 → 1235
    expect(applyRatePpm(cents(12_344), 100_000)).toBe(1_234); // 1234.4 → 1234
    expect(applyRatePpm(cents(1), 499_999)).toBe(0);
    expect(applyRatePpm(cents(1), 500_000)).toBe(1);
    expect(applyRatePpm(cents(MAX), 1_000_000)).toBe(MAX);
    expect(() => applyRatePpm(cents(MAX), 2_000_000)).toThrow('金额超出允许范围');
  });
});
