import { describe, expect, it } from 'vitest';
import {
  financingLifecycle,
  invoiceLifecycle,
  orderReceivableLifecycle,
  repaymentLifecycle,
  reviewLifecycle,
  trancheLifecycle,
} from './supplyloan.ts';
import { financingLifecycle as fromLifecycle } from '../lifecycle.ts';

// Every (from, to) pair, so "not listed" is checked exhaustively, not by sampling.
function allowedPairs(lifecycle: { states: readonly string[]; canTransition(a: string, b: string): boolean }): string[] {
  return lifecycle.states.flatMap((from) =>
    lifecycle.states.filter((to) => lifecycle.canTransition(from, to)).map((to) => `${from}→${to}`),
  );
}

describe('supply-loan status machines (PRODUCT §6)', () => {
  it('the financing machine is the one lifecycle.ts has always exported', () => {
    expect(fromLifecycle).toBe(financingLifecycle);
  });

  it('a tranche waits, runs until repaid, or is dropped before disbursement', () => {
    expect(allowedPairs(trancheLifecycle)).toEqual(['PENDING→DISBURSED', 'PENDING→CANCELLED', 'DISBURSED→SETTLED']);
    expect(trancheLifecycle.label('DISBURSED')).toBe('未结清');
  });

  it('an invoice is verified once, financed once, and released when its financing ends undrawn', () => {
    expect(allowedPairs(invoiceLifecycle)).toEqual([
      'REGISTERED→VERIFIED',
      'REGISTERED→REJECTED',
      'VERIFIED→FINANCED',
      'FINANCED→VERIFIED',
      'FINANCED→SETTLED',
    ]);
    expect(() => invoiceLifecycle.assertTransition('REJECTED', 'VERIFIED')).toThrow('当前状态为“核验未通过”，不能变更为“已核验”');
  });

  it('an order is financed, released or settled like an invoice', () => {
    expect(allowedPairs(orderReceivableLifecycle)).toEqual(['REGISTERED→FINANCED', 'FINANCED→REGISTERED', 'FINANCED→SETTLED']);
  });

  it('join applications, extensions and offline repayments are decided once', () => {
    expect(allowedPairs(reviewLifecycle)).toEqual(['PENDING→APPROVED', 'PENDING→REJECTED']);
    expect(allowedPairs(repaymentLifecycle)).toEqual(['PENDING→CONFIRMED', 'PENDING→REJECTED']);
    expect(repaymentLifecycle.label('CONFIRMED')).toBe('已确认');
  });
});
