import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, solvePow } from './pow.ts';
import { EMAIL, ENTERPRISE_NAME, isStrongPassword, LOGIN_NAME, MOBILE } from './rules.ts';

describe('proof of work', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x80]))).toBe(16);
    expect(leadingZeroBits(new Uint8Array([0, 0x0f]))).toBe(12);
    expect(leadingZeroBits(new Uint8Array([0xff]))).toBe(0);
  });

  it('finds the smallest counter whose SHA-256 has the zero bits, as the server checks it', async () => {
    const nonce = '0123456789abcdef0123456789abcdef';
    const counter = await solvePow(nonce, 10);
    const bits = (c: number) =>
      leadingZeroBits(
        createHash('sha256')
          .update(nonce + c)
          .digest(),
      );
    expect(bits(Number(counter))).toBeGreaterThanOrEqual(10);
    for (let i = 0; i < Number(counter); i++) expect(bits(i)).toBeLessThan(10);
  });
});

describe('registration rules (the server checks the same)', () => {
  it('accepts and refuses as PRODUCT §3 says', () => {
    expect(LOGIN_NAME.test('user_01')).toBe(true);
    expect(LOGIN_NAME.test('abc')).toBe(false);
    expect(MOBILE.test('13912345678')).toBe(true);
    expect(MOBILE.test('12912345678')).toBe(false);
    expect(ENTERPRISE_NAME.test('宁波新远（国际）贸易有限公司')).toBe(true);
    expect(ENTERPRISE_NAME.test('<b>x</b>')).toBe(false);
    expect(EMAIL.test('a.b@example.cn')).toBe(true);
    expect(EMAIL.test('a<b>@example.cn')).toBe(false);
    expect(isStrongPassword('abcdefg1')).toBe(true);
    expect(isStrongPassword('abcdefgh')).toBe(false);
  });
});
