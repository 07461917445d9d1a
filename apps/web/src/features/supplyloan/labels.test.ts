import { describe, expect, it } from 'vitest';
import { failureOf, percent, tryParseYuan, yuan } from './labels.ts';
import { yuanRule } from '../../lib/form-rules.ts';

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

  it('reads an ERROR answer as its message', () => {
    expect(failureOf({ status: 'ERROR', message: '可用余额不足' })).toBe('可用余额不足');
    expect(failureOf({ status: 'OK', message: {} })).toBeNull();
  });
});
