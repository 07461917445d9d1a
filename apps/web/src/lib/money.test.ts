import { describe, expect, it } from 'vitest';
import { normalizeYuanText, tryParseYuan, yuan, yuanRule } from './money.ts';
import { percent } from './format.ts';

// Moved here with the helpers from features/funds/labels.test.ts and features/supplyloan/labels.test.ts.
describe('fund account inputs', () => {
  it('parses yuan exactly into cents, or null', () => {
    expect(tryParseYuan('1,000.50')).toBe(100_050);
    expect(tryParseYuan('0.1')).toBe(10);
    expect(tryParseYuan('0')).toBeNull();
    expect(tryParseYuan('-5')).toBeNull();
    expect(tryParseYuan('1.005')).toBeNull();
    expect(tryParseYuan('abc')).toBeNull();
    expect(tryParseYuan('90071992547409.92')).toBeNull(); // beyond the safe range of cents
  });

  it('validates an amount field with Chinese messages and an optional cap', async () => {
    const rule = yuanRule('提现金额', () => 100_000, '提现金额不能超过可提现金额');
    await expect(rule.validator(null, '')).rejects.toThrow('请输入提现金额');
    await expect(rule.validator(null, '0')).rejects.toThrow('提现金额必须大于0');
    await expect(rule.validator(null, '1.234')).rejects.toThrow('最多两位小数');
    await expect(rule.validator(null, '1000.01')).rejects.toThrow('不能超过');
    await expect(rule.validator(null, '1,000.00')).resolves.toBeUndefined();
  });
});

describe('supply-loan money helpers', () => {
  it('parses yuan input exactly into cents, or null while incomplete', () => {
    expect(tryParseYuan('1,000,000.00')).toBe(100_000_000);
    expect(tryParseYuan('0.1')).toBe(10);
    expect(tryParseYuan('1.005')).toBeNull();
    expect(tryParseYuan('0')).toBeNull();
    expect(tryParseYuan('')).toBeNull();
  });

  it('shows cents as yuan with separators and rates as percent with two decimals', () => {
    expect(yuan(1_800_000)).toBe('¥18,000.00');
    expect(yuan(null)).toBe('¥0.00');
    expect(percent(72_000)).toBe('7.20%');
  });

  it('the form rule names the cap in yuan', async () => {
    const rule = yuanRule('还款金额', () => 70_000_000);
    await expect(rule.validator(null, '700,000.00')).resolves.toBeUndefined();
    await expect(rule.validator(null, '700,000.01')).rejects.toThrow('还款金额不能超过 700,000.00 元');
    await expect(rule.validator(null, '')).rejects.toThrow('请输入还款金额');
    await expect(rule.validator(null, '-1')).rejects.toThrow('还款金额必须大于0');
  });
});

describe('full-width input', () => {
  it('reads digits and separators typed with a Chinese input method', () => {
    expect(normalizeYuanText('１，０００．５０')).toBe('1,000.50');
    expect(tryParseYuan('１，０００．５０')).toBe(100_050);
    expect(tryParseYuan(' １２３ ')).toBe(12_300);
    expect(tryParseYuan('１．２３４')).toBeNull();
  });

  it('the form rule accepts full-width amounts and still refuses bad ones', async () => {
    const rule = yuanRule('提现金额', () => 100_000);
    await expect(rule.validator(null, '１０００．００')).resolves.toBeUndefined();
    await expect(rule.validator(null, '１０００．０１')).rejects.toThrow('不能超过');
    await expect(rule.validator(null, '　')).rejects.toThrow('请输入提现金额');
  });
});

describe('issue 12: what is typed and what is shown', () => {
  it('full-width digits from a Chinese input method are read as ASCII (the domain rule the API uses too)', async () => {
    expect(normalizeYuanText('１，０００．５０')).toBe('1,000.50');
    expect(tryParseYuan('００１')).toBe(100);
    expect(tryParseYuan('１ ０００')).toBe(100_000);
    await expect(yuanRule('融资金额').validator(null, '１２０，０００')).resolves.toBeUndefined();
  });

  it('nothing known shows ¥0.00 instead of throwing', () => {
    expect(yuan('')).toBe('¥0.00');
    expect(yuan(Number.NaN)).toBe('¥0.00');
    expect(yuan(undefined)).toBe('¥0.00');
  });

  it('a further rule on the cents gives its own message (the financing limit)', async () => {
    const rule = yuanRule('融资金额', undefined, undefined, (c) => (c > 10_500_000 ? '融资金额超过可融资额度' : null));
    await expect(rule.validator(null, '1,000,000')).rejects.toThrow('融资金额超过可融资额度');
    await expect(rule.validator(null, '105,000.00')).resolves.toBeUndefined();
  });
});
