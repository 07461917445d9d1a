import { describe, expect, it } from 'vitest';
import { maskBankAccount } from './masking.ts';

describe('maskBankAccount', () => {
  it('keeps the last four digits only', () => {
    expect(maskBankAccount('6216610000012345')).toBe('**** 2345');
    expect(maskBankAccount('4000023409200123456')).toBe('**** 3456');
  });
  it('hides a number too short to show a tail', () => {
    expect(maskBankAccount('1234')).toBe('****');
  });
});
