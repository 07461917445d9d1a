import { COLLECTION_STATES } from '@factoring/domain/contract';
import { describe, expect, it } from 'vitest';
import {
  COLLECTION_STATE_COLORS,
  misdirectedBodyOf,
  settlementBalances,
  settlementGap,
  settlementLines,
  settlementStage,
} from './factoring-money.ts';

// A settled financing in cents: the debtor paid 1,000,000.00; advanced 970,000.00 net, interest 12,000.00 (after
// the refund), fees 3,000.00, no penalty → rebate 15,000.00.
const settled = {
  collected: 100_000_000,
  advanced: 97_000_000,
  interest: 1_200_000,
  fees: 300_000,
  penalty: 0,
  rebate: 1_500_000,
  writtenOff: 0,
};

describe('settlementLines', () => {
  it('writes collected − advanced − interest − fees − penalty = rebate, which balances once settled', () => {
    const lines = settlementLines(settled);
    expect(lines.map((l) => [l.key, l.sign, l.cents])).toEqual([
      ['collected', 1, 100_000_000],
      ['advanced', -1, 97_000_000],
      ['interest', -1, 1_200_000],
      ['fees', -1, 300_000],
      ['penalty', -1, 0],
      ['rebate', 0, 1_500_000],
    ]);
    expect(settlementBalances(settled)).toBe(true);
  });

  it('says by how much, to the cent, a sum does not come out at the rebate', () => {
    const part = { ...settled, collected: 60_000_001, rebate: 0 };
    // 60,000,001 − 97,000,000 − 1,200,000 − 300,000 = −38,499,999.
    expect(settlementGap(part)).toBe(38_499_999);
    expect(settlementBalances(part)).toBe(false);
    expect(settlementGap({ ...settled, rebate: 0 })).toBe(-1_500_000);
  });

  it('lets a write-off (without recourse) cover what the debtor never paid', () => {
    const off = { ...settled, collected: 90_000_000, rebate: 0, writtenOff: 8_500_000 };
    expect(settlementLines(off).at(-1)).toEqual({ key: 'writtenOff', label: '无追索权核销', sign: 0, cents: 8_500_000 });
    expect(settlementBalances(off)).toBe(true);
  });
});

describe('settlementStage', () => {
  it('is open while the factor waits, closed once collected, repaid when the supplier settled it without collections', () => {
    expect(settlementStage('AWAITING', 0)).toBe('open');
    expect(settlementStage('BUYBACK_DUE', 1)).toBe('open');
    expect(settlementStage('COLLECTED', 1)).toBe('closed');
    expect(settlementStage('WRITTEN_OFF', 1)).toBe('closed');
    expect(settlementStage('SETTLED', 0)).toBe('repaid');
    expect(settlementStage('SETTLED', 2)).toBe('closed');
  });
});

describe('misdirectedBodyOf', () => {
  it('reads yuan into integer cents exactly (full-width digits and separators too)', () => {
    expect(misdirectedBodyOf({ amount: '１，２３４．５６', payerName: ' 浙江远航 ', receivedOn: '2026-11-20' })).toEqual({
      amount: 123_456,
      payerName: '浙江远航',
      receivedOn: '2026-11-20',
    });
    // 0.1 + 0.2 in floats is 0.30000000000000004; the money rule never multiplies floats.
    expect(misdirectedBodyOf({ amount: '0.29', payerName: 'x', receivedOn: '2026-11-20', note: '  ' })?.amount).toBe(29);
    expect(misdirectedBodyOf({ amount: '100', payerName: 'x', receivedOn: '2026-11-20', note: ' 回单 ' })?.note).toBe('回单');
  });

  it('is null while an amount, payer or date is missing or wrong', () => {
    expect(misdirectedBodyOf({ amount: '0', payerName: 'x', receivedOn: '2026-11-20' })).toBeNull();
    expect(misdirectedBodyOf({ amount: '1.234', payerName: 'x', receivedOn: '2026-11-20' })).toBeNull();
    expect(misdirectedBodyOf({ amount: '100', payerName: '  ', receivedOn: '2026-11-20' })).toBeNull();
    expect(misdirectedBodyOf({ amount: '100', payerName: 'x', receivedOn: '20261120' })).toBeNull();
  });
});

describe('COLLECTION_STATE_COLORS', () => {
  it('colours every state of the contract', () => {
    expect(Object.keys(COLLECTION_STATE_COLORS).sort()).toEqual([...COLLECTION_STATES].sort());
  });
});
