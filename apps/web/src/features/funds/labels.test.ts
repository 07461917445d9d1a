import { describe, expect, it } from 'vitest';
import { formatDateTime, tryParseYuan } from './labels.ts';
import { yuanRule } from '../../lib/form-rules.ts';

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

  it('shows instants in China time', () => {
    expect(formatDateTime('2026-01-31T16:30:00.000Z')).toBe('2026-02-01 00:30:00');
    expect(formatDateTime(null)).toBe('—');
  });
});
