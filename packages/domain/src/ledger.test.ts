import { describe, expect, it } from 'vitest';
import type { Cents } from './money.ts';
import {
  assertBalanced,
  balanceDeltas,
  depositEntry,
  disbursementEntry,
  entryTotal,
  FLOW_BUCKETS,
  flowDirection,
  isVirtualAccountNo,
  LedgerError,
  marginApplicationEntry,
  marginEntry,
  nonNegativeCents,
  positiveCents,
  repaymentEntry,
  reserveEntry,
  targetedPaymentEntry,
  transferEntry,
  virtualAccountNo,
  withdrawalFailEntry,
  withdrawalPayoutEntry,
  withdrawalRequestEntry,
  type JournalDraft,
} from './ledger.ts';

const c = (n: number) => n as Cents;
const A = 7;
const B = 9;

function debitsCredits(e: JournalDraft) {
  let d = 0;
  let cr = 0;
  for (const l of e.lines) {
    if (l.side === 'D') d += l.amount;
    else cr += l.amount;
  }
  return [d, cr];
}

describe('assertBalanced', () => {
  it('accepts a balanced entry of two or more lines', () => {
    const e = depositEntry({ enterpriseId: A, amount: c(100) });
    expect(assertBalanced(e)).toBe(e);
    expect(entryTotal(e)).toBe(100);
  });

  it('refuses fewer than two lines', () => {
    expect(() => assertBalanced({ kind: 'DEPOSIT', lines: [] })).toThrow('至少需要两行');
    expect(() =>
      assertBalanced({ kind: 'DEPOSIT', lines: [{ account: { factor: 'BANK_CASH' }, side: 'D', amount: c(1), flowType: 'BANK_RECEIPT' }] }),
    ).toThrow(LedgerError);
  });

  it('refuses debits that differ from credits', () => {
    expect(() =>
      assertBalanced({
        kind: 'DEPOSIT',
        lines: [
          { account: { factor: 'BANK_CASH' }, side: 'D', amount: c(100), flowType: 'BANK_RECEIPT' },
          { account: { enterpriseId: A, bucket: 'AVAILABLE' }, side: 'C', amount: c(99), flowType: 'DEPOSIT' },
        ],
      }),
    ).toThrow('借贷不平衡');
  });

  it.each([0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, NaN, Infinity])('refuses a line of %s cents', (amount) => {
    expect(() =>
      assertBalanced({
        kind: 'DEPOSIT',
        lines: [
          { account: { factor: 'BANK_CASH' }, side: 'D', amount: c(amount), flowType: 'BANK_RECEIPT' },
          { account: { enterpriseId: A, bucket: 'AVAILABLE' }, side: 'C', amount: c(amount), flowType: 'DEPOSIT' },
        ],
      }),
    ).toThrow(LedgerError);
  });

  it('refuses a sum beyond the safe range even when each line is safe', () => {
    const big = c(Number.MAX_SAFE_INTEGER - 1);
    expect(() =>
      assertBalanced({
        kind: 'DEPOSIT',
        lines: [
          { account: { factor: 'BANK_CASH' }, side: 'D', amount: big, flowType: 'BANK_RECEIPT' },
          { account: { factor: 'BANK_CASH' }, side: 'D', amount: big, flowType: 'BANK_RECEIPT' },
          { account: { enterpriseId: A, bucket: 'AVAILABLE' }, side: 'C', amount: big, flowType: 'DEPOSIT' },
          { account: { enterpriseId: A, bucket: 'AVAILABLE' }, side: 'C', amount: big, flowType: 'DEPOSIT' },
        ],
      }),
    ).toThrow('超出允许范围');
  });
});

describe('amount rules', () => {
  it('gives Chinese messages naming the field', () => {
    expect(() => positiveCents(0, '提现金额')).toThrow('提现金额必须大于0');
    expect(() => positiveCents(-5, '提现金额')).toThrow('提现金额必须大于0');
    expect(() => positiveCents(1.001, '提现金额')).toThrow('最多两位小数');
    expect(() => positiveCents(2 ** 60, '提现金额')).toThrow('超出允许范围');
    expect(() => positiveCents('1', '提现金额')).toThrow('格式不正确');
    expect(nonNegativeCents(0)).toBe(0);
    expect(positiveCents(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('posting builders', () => {
  it('deposit: bank cash up, the enterprise free part up', () => {
    const e = depositEntry({ enterpriseId: A, amount: c(125_000_000), payer: { name: '某银行付款人', accountNo: '6222' } });
    expect(balanceDeltas(e)).toEqual(
      new Map([
        ['BANK_CASH', 125_000_000],
        [`VA:${A}:AVAILABLE`, 125_000_000],
      ]),
    );
    expect(e.lines[1].counterpartyName).toBe('某银行付款人');
  });

  it('withdrawal request freezes amount + fee, payout sends amount to the bank and fee to income', () => {
    const req = withdrawalRequestEntry({ enterpriseId: A, amount: c(10_000), fee: c(2000), bank: { name: 'X', accountNo: '1' } });
    expect(debitsCredits(req)).toEqual([12_000, 12_000]);
    expect(balanceDeltas(req)).toEqual(
      new Map([
        [`VA:${A}:AVAILABLE`, -12_000],
        [`VA:${A}:FROZEN`, 12_000],
      ]),
    );
    expect(req.lines.map((l) => l.flowType)).toEqual(['WITHDRAWAL', 'WITHDRAWAL_FEE', 'WITHDRAWAL_FREEZE']);

    const paid = withdrawalPayoutEntry({ enterpriseId: A, amount: c(10_000), fee: c(2000), bank: { name: 'X', accountNo: '1' } });
    expect(balanceDeltas(paid)).toEqual(
      new Map([
        [`VA:${A}:FROZEN`, -12_000],
        ['BANK_CASH', -10_000],
        ['FEE_INCOME', 2000],
      ]),
    );
  });

  it('a failed withdrawal returns the money and the fee', () => {
    const fail = withdrawalFailEntry({ enterpriseId: A, amount: c(10_000), fee: c(2000), reason: '户名不符' });
    expect(balanceDeltas(fail)).toEqual(
      new Map([
        [`VA:${A}:FROZEN`, -12_000],
        [`VA:${A}:AVAILABLE`, 12_000],
      ]),
    );
    expect(fail.lines.filter((l) => l.flowType === 'WITHDRAWAL_FEE_REFUND')).toHaveLength(1);
  });

  it('a zero fee leaves the fee lines out', () => {
    const req = withdrawalRequestEntry({ enterpriseId: A, amount: c(500), fee: c(0), bank: {} });
    expect(req.lines).toHaveLength(2);
  });

  it('transfer with fee: payer free part down by amount + fee, payee up by amount, fee income up', () => {
    const e = transferEntry({
      from: { enterpriseId: A, name: 'a', accountNo: '1' },
      to: { enterpriseId: B, name: 'b', accountNo: '2' },
      amount: c(50_000),
      fee: c(2000),
    });
    expect(balanceDeltas(e)).toEqual(
      new Map([
        [`VA:${A}:AVAILABLE`, -52_000],
        [`VA:${B}:AVAILABLE`, 50_000],
        ['FEE_INCOME', 2000],
      ]),
    );
    expect(e.lines.find((l) => l.flowType === 'TRANSFER_IN')?.counterpartyName).toBe('a');
    expect(e.lines.find((l) => l.flowType === 'TRANSFER_OUT')?.counterpartyName).toBe('b');
    expect(() =>
      transferEntry({
        from: { enterpriseId: A, name: 'a', accountNo: '1' },
        to: { enterpriseId: A, name: 'a', accountNo: '1' },
        amount: c(1),
        fee: c(0),
      }),
    ).toThrow('不能转账给自己');
  });

  it('controlled disbursement: receivable up, controlled part up; free disbursement goes to available', () => {
    expect(balanceDeltas(disbursementEntry({ enterpriseId: A, amount: c(1_000_000), sourceRef: 'L-1' }))).toEqual(
      new Map([
        ['RECEIVABLE_PRINCIPAL', 1_000_000],
        [`VA:${A}:CONTROLLED`, 1_000_000],
      ]),
    );
    const free = disbursementEntry({ enterpriseId: A, amount: c(1), sourceRef: 'L-2', controlled: false });
    expect(free.kind).toBe('DISBURSEMENT');
    expect(balanceDeltas(free).get(`VA:${A}:AVAILABLE`)).toBe(1);
  });

  it('targeted payment: controlled part down, bank cash down', () => {
    expect(balanceDeltas(targetedPaymentEntry({ enterpriseId: A, amount: c(300), payee: { name: 'S', accountNo: '9' } }))).toEqual(
      new Map([
        [`VA:${A}:CONTROLLED`, -300],
        ['BANK_CASH', -300],
      ]),
    );
  });

  it('repayment splits principal, interest and penalty', () => {
    const e = repaymentEntry({ enterpriseId: A, principal: c(100_000), interest: c(408_333), penalty: c(15), sourceRef: 'L-1' });
    expect(debitsCredits(e)).toEqual([508_348, 508_348]);
    expect(balanceDeltas(e)).toEqual(
      new Map([
        [`VA:${A}:AVAILABLE`, -508_348],
        ['RECEIVABLE_PRINCIPAL', -100_000],
        ['INTEREST_INCOME', 408_333],
        ['PENALTY_INCOME', 15],
      ]),
    );
    expect(repaymentEntry({ enterpriseId: A, principal: c(0), interest: c(5), penalty: c(0), sourceRef: 'x' }).lines).toHaveLength(2);
    expect(() => repaymentEntry({ enterpriseId: A, principal: c(0), interest: c(0), penalty: c(0), sourceRef: 'x' })).toThrow(
      '还款金额必须大于0',
    );
    expect(() => repaymentEntry({ enterpriseId: A, principal: c(-1), interest: c(0), penalty: c(0), sourceRef: 'x' })).toThrow(LedgerError);
  });

  it('margin hold and release mirror each other', () => {
    const hold = balanceDeltas(marginEntry({ enterpriseId: A, amount: c(700), sourceRef: 'P-1' }));
    const release = balanceDeltas(marginEntry({ enterpriseId: A, amount: c(700), sourceRef: 'P-1', release: true }));
    expect(hold).toEqual(
      new Map([
        [`VA:${A}:AVAILABLE`, -700],
        [`VA:${A}:MARGIN`, 700],
      ]),
    );
    expect(release).toEqual(
      new Map([
        [`VA:${A}:AVAILABLE`, 700],
        [`VA:${A}:MARGIN`, -700],
      ]),
    );
  });

  it('a margin applied on default leaves the margin part and pays the debt, readable in the free part', () => {
    const e = marginApplicationEntry({ enterpriseId: A, principal: c(600), interest: c(80), penalty: c(20), sourceRef: 'P-1' });
    expect(e.kind).toBe('MARGIN_APPLY');
    expect(balanceDeltas(e)).toEqual(
      new Map([
        [`VA:${A}:MARGIN`, -700],
        [`VA:${A}:AVAILABLE`, 0],
        ['RECEIVABLE_PRINCIPAL', -600],
        ['INTEREST_INCOME', 80],
        ['PENALTY_INCOME', 20],
      ]),
    );
    // The enterprise's fund flows (its AVAILABLE and CONTROLLED lines): the margin in, the repayment out.
    const flows = e.lines.filter((l) => 'enterpriseId' in l.account && (FLOW_BUCKETS as readonly string[]).includes(l.account.bucket));
    expect(flows.map((l) => [l.flowType, l.side, l.amount])).toEqual([
      ['MARGIN_APPLY', 'C', 700],
      ['REPAYMENT_PRINCIPAL', 'D', 600],
      ['REPAYMENT_INTEREST', 'D', 80],
      ['REPAYMENT_PENALTY', 'D', 20],
    ]);
    expect(() => marginApplicationEntry({ enterpriseId: A, principal: c(0), interest: c(0), penalty: c(0), sourceRef: 'x' })).toThrow(
      '还款金额必须大于0',
    );
  });

  it('every builder refuses zero and negative amounts', () => {
    expect(() => depositEntry({ enterpriseId: A, amount: c(0) })).toThrow(LedgerError);
    expect(() => withdrawalRequestEntry({ enterpriseId: A, amount: c(-1), fee: c(2000), bank: {} })).toThrow(LedgerError);
    expect(() => withdrawalRequestEntry({ enterpriseId: A, amount: c(1), fee: c(-1), bank: {} })).toThrow('手续费');
    expect(() => targetedPaymentEntry({ enterpriseId: A, amount: c(0.5), payee: {} })).toThrow(LedgerError);
  });

  it('a credit is money in for the enterprise', () => {
    expect(flowDirection('C')).toBe('IN');
    expect(flowDirection('D')).toBe('OUT');
  });
});

describe('reserveEntry (issue 27)', () => {
  it('books a rise of the reserve: debits the provision expense, credits the reserve, both up', () => {
    const e = reserveEntry({ delta: 12_345 });
    expect(e.kind).toBe('RISK_RESERVE');
    expect(debitsCredits(e)).toEqual([12_345, 12_345]);
    expect(e.lines.map((l) => [l.account, l.side, l.amount, l.flowType])).toEqual([
      [{ factor: 'PROVISION_EXPENSE' }, 'D', 12_345, 'RESERVE_PROVISION'],
      [{ factor: 'RISK_RESERVE' }, 'C', 12_345, 'RESERVE_PROVISION'],
    ]);
    expect(balanceDeltas(e)).toEqual(
      new Map([
        ['PROVISION_EXPENSE', 12_345],
        ['RISK_RESERVE', 12_345],
      ]),
    );
  });

  it('releases a fall (转回): the reverse lines, both balances down', () => {
    const e = reserveEntry({ delta: -500 });
    expect(e.lines.map((l) => [l.account, l.side, l.amount, l.flowType])).toEqual([
      [{ factor: 'PROVISION_EXPENSE' }, 'C', 500, 'RESERVE_RELEASE'],
      [{ factor: 'RISK_RESERVE' }, 'D', 500, 'RESERVE_RELEASE'],
    ]);
    expect(balanceDeltas(e)).toEqual(
      new Map([
        ['PROVISION_EXPENSE', -500],
        ['RISK_RESERVE', -500],
      ]),
    );
    expect(entryTotal(e)).toBe(500);
  });

  it('refuses no change and a fraction of a cent', () => {
    expect(() => reserveEntry({ delta: 0 })).toThrow(LedgerError);
    expect(() => reserveEntry({ delta: 1.5 })).toThrow('整数');
  });
});

describe('virtual account numbers', () => {
  it('are 6222 + the id in ten digits + a Luhn check digit', () => {
    expect(virtualAccountNo(1)).toBe('622200000000012');
    expect(virtualAccountNo(1)).toHaveLength(15);
    expect(isVirtualAccountNo(virtualAccountNo(12345))).toBe(true);
    expect(isVirtualAccountNo('622200000000013')).toBe(false);
    expect(isVirtualAccountNo('1234')).toBe(false);
    expect(() => virtualAccountNo(0)).toThrow(LedgerError);
  });

  it('are unique per enterprise id', () => {
    const seen = new Set(Array.from({ length: 2000 }, (_, i) => virtualAccountNo(i + 1)));
    expect(seen.size).toBe(2000);
  });
});
