import { describe, expect, it } from 'vitest';
import { amountInWords, chinaDate } from './labels.ts';
import { formatContractNo } from './generate-contract.ts';
import { numeral } from './templates.ts';

describe('amountInWords', () => {
  it.each([
    [0, '零元整'],
    [1, '壹分'],
    [50, '伍角'],
    [1001, '壹拾元零壹分'],
    [10_000, '壹佰元整'],
    [101_000, '壹仟零壹拾元整'],
    [1_000_500, '壹万零伍元整'],
    [1_234_567, '壹万贰仟叁佰肆拾伍元陆角柒分'],
    [100_000_000, '壹佰万元整'],
    [1_800_000_00, '壹佰捌拾万元整'],
    [10_000_000_500, '壹亿零伍元整'],
    [10_010_000_000, '壹亿零壹拾万元整'],
    [123_456_789_012, '壹拾贰亿叁仟肆佰伍拾陆万柒仟捌佰玖拾元壹角贰分'],
  ])('%i cents → %s', (cents, words) => {
    expect(amountInWords(cents)).toBe(words);
  });

  it('refuses negative and fractional cents', () => {
    expect(() => amountInWords(-1)).toThrow();
    expect(() => amountInWords(1.5)).toThrow();
  });
});

describe('numbers and days', () => {
  it('formats contract numbers as HT + yyyyMMdd + four-digit sequence', () => {
    expect(formatContractNo('2026-05-18', 1)).toBe('HT202605180001');
    expect(formatContractNo('2026-05-18', 12345)).toBe('HT2026051812345');
  });

  it('takes the day in China', () => {
    expect(chinaDate(new Date('2026-05-17T16:30:00Z'))).toBe('2026-05-18');
    expect(chinaDate(new Date('2026-05-17T15:59:59Z'))).toBe('2026-05-17');
  });

  it('numbers clauses in Chinese', () => {
    expect([1, 9, 10, 11, 20, 23].map(numeral)).toEqual(['一', '九', '十', '十一', '二十', '二十三']);
  });
});
