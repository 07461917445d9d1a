import { describe, expect, it } from 'vitest';
import { controlledReleaseEntry, entryTotal, repaymentEntry } from './ledger.ts';
import type { Cents } from './money.ts';

// Issue 24: a settled loan's controlled proceeds go back to free funds; a loan may be repaid from them.
describe('controlledReleaseEntry', () => {
  it('moves each tranche’s remainder from the controlled part to the free part, balanced', () => {
    const e = controlledReleaseEntry({
      enterpriseId: 7,
      loanRef: 'RZ20260101000001',
      tranches: [
        { sourceRef: 'RZ20260101000001-1', amount: 1_000 as Cents },
        { sourceRef: 'RZ20260101000001-2', amount: 2_535_000 as Cents },
      ],
    });
    expect(e.kind).toBe('CONTROLLED_RELEASE');
    expect(entryTotal(e)).toBe(2_536_000);
    expect(e.lines.map((l) => [l.account, l.side, l.amount, l.flowType, l.memo])).toEqual([
      [{ enterpriseId: 7, bucket: 'CONTROLLED' }, 'D', 1_000, 'CONTROLLED_RELEASE', 'RZ20260101000001-1'],
      [{ enterpriseId: 7, bucket: 'CONTROLLED' }, 'D', 2_535_000, 'CONTROLLED_RELEASE', 'RZ20260101000001-2'],
      [{ enterpriseId: 7, bucket: 'AVAILABLE' }, 'C', 2_536_000, 'CONTROLLED_RELEASE', 'RZ20260101000001 结清，受控资金转为可用'],
    ]);
  });
  it('refuses nothing to release and a zero tranche', () => {
    expect(() => controlledReleaseEntry({ enterpriseId: 7, loanRef: 'X', tranches: [] })).toThrow('没有可释放的受控资金');
    expect(() => controlledReleaseEntry({ enterpriseId: 7, loanRef: 'X', tranches: [{ sourceRef: 'X', amount: 0 as Cents }] })).toThrow();
  });
});

describe('repaymentEntry from the controlled part', () => {
  it('debits the controlled part instead of the free part', () => {
    const e = repaymentEntry({
      enterpriseId: 7,
      principal: 100 as Cents,
      interest: 5 as Cents,
      penalty: 0 as Cents,
      sourceRef: 'ZY1',
      from: 'CONTROLLED',
    });
    const enterpriseLines = e.lines.filter((l) => 'enterpriseId' in l.account);
    expect(enterpriseLines.map((l) => [l.account, l.side, l.amount])).toEqual([
      [{ enterpriseId: 7, bucket: 'CONTROLLED' }, 'D', 100],
      [{ enterpriseId: 7, bucket: 'CONTROLLED' }, 'D', 5],
    ]);
    expect(
      repaymentEntry({ enterpriseId: 7, principal: 1 as Cents, interest: 0 as Cents, penalty: 0 as Cents, sourceRef: 'ZY1' }).lines[0]!
        .account,
    ).toEqual({
      enterpriseId: 7,
      bucket: 'AVAILABLE',
    });
  });
});
