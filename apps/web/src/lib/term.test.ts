import { describe, expect, it } from 'vitest';
import { parseTerm, termProblem, termRule } from './term.ts';

describe('parseTerm', () => {
  it('reads whole numbers, typed or as text, full-width digits too', () => {
    expect(parseTerm(90)).toBe(90);
    expect(parseTerm('90')).toBe(90);
    expect(parseTerm('０９０')).toBe(90);
    expect(parseTerm(' 30 ')).toBe(30);
  });
  it('never rounds or guesses', () => {
    expect(parseTerm(1.5)).toBeNull();
    expect(parseTerm('1.5')).toBeNull();
    expect(parseTerm('abc')).toBeNull();
    expect(parseTerm(undefined)).toBeNull();
    expect(parseTerm(Number.NaN)).toBeNull();
  });
});

describe('termProblem', () => {
  it('refuses 0, -3 and 1.5 with a message instead of changing them', () => {
    expect(termProblem('融资期限', 0)).toBe('融资期限至少 1 天');
    expect(termProblem('融资期限', -3)).toBe('融资期限至少 1 天');
    expect(termProblem('融资期限', 1.5)).toBe('融资期限须为整数天');
    expect(termProblem('借款期限', 1.5, { unit: '个月' })).toBe('借款期限须为整数个月');
  });
  it('asks for a missing term and holds the maximum, fixed or read late', () => {
    expect(termProblem('融资期限', undefined)).toBe('请输入融资期限');
    expect(termProblem('融资期限', '')).toBe('请输入融资期限');
    expect(termProblem('融资期限', 181, { max: 180 })).toBe('融资期限不能超过 180 天');
    expect(termProblem('融资期限', 181, { max: () => undefined })).toBeNull();
    expect(termProblem('融资期限', 90, { max: () => 180 })).toBeNull();
  });
  it('is the rule the forms use', async () => {
    await expect(termRule('提款期限', { max: 30 }).validator(null, 31)).rejects.toThrow('提款期限不能超过 30 天');
    await expect(termRule('提款期限', { max: 30 }).validator(null, 30)).resolves.toBeUndefined();
  });
});
