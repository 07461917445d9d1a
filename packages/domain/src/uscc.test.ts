import { describe, it, expect } from 'vitest';
import { isValidUscc, usccCheckChar, validateUscc } from './uscc.ts';

function message(text: string): string {
  const result = validateUscc(text);
  if (result.ok) throw new Error(`expected ${text} to be invalid`);
  return result.message;
}

// Codes of well-known registered companies (public records) and the commonly quoted sample.
const VALID = ['91350100M000100Y43', '914403001922038216', '9144030071526726XG', '91330100716105852F'];

describe('usccCheckChar (GB 32100-2015)', () => {
  it('computes the check character', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
    expect(usccCheckChar('91440300192203821')).toBe('6');
    expect(usccCheckChar('9144030071526726X')).toBe('G');
    expect(usccCheckChar('91110000600037341')).toBe('L');
    expect(usccCheckChar('12100000400000626')).toBe('K');
  });

  it('can produce 0 (sum divisible by 31)', () => {
    expect(usccCheckChar('00000000000000000')).toBe('0');
  });

  it('rejects wrong length and characters outside the alphabet', () => {
    expect(() => usccCheckChar('9135010')).toThrow();
    expect(() => usccCheckChar('91350100M000100I4')).toThrow();
  });
});

describe('validateUscc', () => {
  it.each(VALID)('accepts %s', (code) => {
    expect(validateUscc(code)).toEqual({ ok: true, normalized: code });
  });

  it('accepts computed codes for other entity types', () => {
    for (const first17 of ['91110000600037341', '12100000400000626', '52110000MJ0000000', 'Y1310115MA1K40000']) {
      const code = first17 + usccCheckChar(first17);
      expect(isValidUscc(code)).toBe(true);
    }
  });

  it('trims and upper-cases', () => {
    expect(validateUscc(' 9144030071526726xg ')).toEqual({ ok: true, normalized: '9144030071526726XG' });
  });

  it('asks for a code when empty', () => {
    expect(message('')).toBe('请输入统一社会信用代码');
    expect(message('  ')).toBe('请输入统一社会信用代码');
  });

  it.each(['91350100M000100Y4', '91350100M000100Y433', '9135', '91350100M000100Y43 X'])('rejects length of %j', (code) => {
    expect(message(code)).toMatch(/^统一社会信用代码应为18位，当前为\d+位$/);
  });

  it.each(['91350100M000100I43', '91350100O000100Y43', '9135010ZM000100Y43', 'S1350100M000100Y43', '91350100M00010VY43'])(
    'rejects the excluded letters in %s',
    (code) => {
      expect(message(code)).toBe('统一社会信用代码不能包含字母I、O、Z、S、V');
    },
  );

  it.each([
    '913501A0M000100Y43', // letter among the 6 region digits
    '91B50100M000100Y4X', // letter in position 3
    '91350100M000100Y4-', // punctuation
    '91350100M000 00Y43', // space
    '９1350100M000100Y43', // full-width digit
  ])('rejects the malformed %s', (code) => {
    expect(message(code)).toMatch(/^统一社会信用代码格式不正确/);
  });

  it.each(['91350100M000100Y44', '914403001922038217', '9144030071526726XH', '91330100716105852E', '91350100M000100Y34'])(
    'rejects the wrong check character in %s',
    (code) => {
      expect(message(code)).toBe('统一社会信用代码校验位不正确');
    },
  );
});
