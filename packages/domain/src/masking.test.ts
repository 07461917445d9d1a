import { describe, expect, it } from 'vitest';
import { maskBankAccount, maskIdCard, maskMobile } from './masking.ts';

describe('maskBankAccount', () => {
  it('keeps the last four digits only', () => {
    expect(maskBankAccount('6216610000012345')).toBe('**** 2345');
    expect(maskBankAccount('4000023409200123456')).toBe('**** 3456');
  });
  it('hides a number too short to show a tail', () => {
    expect(maskBankAccount('1234')).toBe('****');
  });
});

describe('maskMobile', () => {
  it('keeps the first three and last four digits', () => {
    expect(maskMobile('13912345678')).toBe('139****5678');
  });
  it('masking a masked number changes nothing (answers may mask what a record already holds masked)', () => {
    expect(maskMobile(maskMobile('13912345678'))).toBe('139****5678');
  });
  it('hides a number too short to show both ends', () => {
    expect(maskMobile('1234567')).toBe('*******');
  });
});

describe('maskIdCard', () => {
  it('keeps the region code and the last four characters', () => {
    expect(maskIdCard('11010119900307123X')).toBe('110101********123X');
  });
});
