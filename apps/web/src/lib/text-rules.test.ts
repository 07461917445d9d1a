import { describe, expect, it } from 'vitest';
import { limitCount } from './TextInput.tsx';
import { maxCharsRule, tooLong } from './text-rules.ts';

describe('tooLong', () => {
  it('refuses a text over its limit with a message, counting what was typed', () => {
    const name = '测'.repeat(53);
    expect(tooLong('企业名称', name, 50)).toBe('企业名称不能超过 50 个字（已输入 53 个）');
    expect(tooLong('企业名称', '测'.repeat(50), 50)).toBeNull();
    expect(tooLong('注册地址', ` ${'路'.repeat(200)} `, 200)).toBeNull();
    expect(tooLong('注册地址', undefined, 200)).toBeNull();
  });
  it('is the rule the forms use', async () => {
    await expect(maxCharsRule('注册地址', 200).validator(null, 'x'.repeat(201))).rejects.toThrow(
      '注册地址不能超过 200 个字（已输入 201 个）',
    );
  });
});

describe('limitCount', () => {
  it('shows the counter near and past the limit and never cuts (no exceedFormatter)', () => {
    const shown = (count: number, max: number) => limitCount(max)!.show({ count });
    expect(shown(10, 50)).toBeNull();
    expect(shown(45, 50)).toBe('45 / 50');
    expect(shown(53, 50)).toBe('53 / 50');
    expect(shown(12, 11)).toBe('12 / 11');
    expect(shown(9, 11)).toBeNull();
    expect(limitCount(undefined)).toBeUndefined();
    expect(limitCount(50)).not.toHaveProperty('exceedFormatter');
  });
});
