// Posting rules of the double-entry ledger (issue 5). Pure: builds and checks journal entries;
// the server writes them. Amounts are integer cents; every entry balances (debits = credits).
import { DomainError } from './errors.ts';
import { addCents, type Cents } from './money.ts';

export class LedgerError extends DomainError {}

export type LedgerSide = 'D' | 'C';
/**
 * An enterprise's virtual account has four parts, all of them the enterprise's money: free money,
 * money held for a pending withdrawal, controlled money, and the margins of its live pledge
 * financings (issue 22). FROZEN and MARGIN together are what the enterprise sees as frozen (冻结).
 */
export type Bucket = 'AVAILABLE' | 'FROZEN' | 'CONTROLLED' | 'MARGIN';
/** The parts an enterprise spends from: its fund flows are the lines on these (frozen and margin lines are internal). */
export const FLOW_BUCKETS = ['AVAILABLE', 'CONTROLLED'] as const satisfies readonly Bucket[];
/**
 * The factor's own accounts. MARGIN_HELD held pledge margins until issue 22 (as if they were the
 * factor's); migration 0021 moved its balance to the enterprises' MARGIN parts and nothing posts to it.
 * RISK_RESERVE (风险准备金, a liability) and PROVISION_EXPENSE (资产减值损失, an expense) since issue 27:
 * the risk reserve booked against the factoring balance.
 */
export type FactorAccountCode =
  | 'BANK_CASH'
  | 'RECEIVABLE_PRINCIPAL'
  | 'FEE_INCOME'
  | 'INTEREST_INCOME'
  | 'PENALTY_INCOME'
  | 'MARGIN_HELD'
  | 'SUSPENSE'
  | 'RISK_RESERVE'
  | 'PROVISION_EXPENSE';

export type AccountRef = { factor: FactorAccountCode } | { enterpriseId: number; bucket: Bucket };

export type EntryKind =
  | 'DEPOSIT'
  | 'WITHDRAWAL_REQUEST'
  | 'WITHDRAWAL_PAYOUT'
  | 'WITHDRAWAL_FAIL'
  | 'TRANSFER'
  | 'CONTROLLED_DISBURSEMENT'
  | 'DISBURSEMENT'
  | 'TARGETED_PAYMENT'
  | 'REPAYMENT'
  /** Upfront interest of the days not used, given back on early settlement (issue 37 item 10). */
  | 'INTEREST_REFUND'
  | 'CONTROLLED_RELEASE'
  | 'MARGIN_HOLD'
  | 'MARGIN_RELEASE'
  | 'MARGIN_APPLY'
  /** Migration 0021 only: a margin held in MARGIN_HELD moved to the enterprise's MARGIN part. */
  | 'MARGIN_RECLASS'
  /** The risk reserve booked up to what the book requires (计提) or released down to it (转回), issue 27. */
  | 'RISK_RESERVE'
  /** A factoring shortfall without recourse written off against the risk reserve (issue 36, 民法典 art. 767). */
  | 'WRITE_OFF';

export const FLOW_TYPE_LABELS = {
  DEPOSIT: '充值入账',
  WITHDRAWAL: '提现',
  WITHDRAWAL_FEE: '提现手续费',
  WITHDRAWAL_FREEZE: '提现冻结',
  WITHDRAWAL_PAYOUT: '提现出款',
  WITHDRAWAL_REFUND: '提现失败退回',
  WITHDRAWAL_FEE_REFUND: '提现手续费退回',
  TRANSFER_OUT: '转账转出',
  TRANSFER_IN: '转账转入',
  TRANSFER_FEE: '转账手续费',
  DISBURSEMENT: '融资放款',
  CONTROLLED_DISBURSEMENT: '受控放款',
  TARGETED_PAYMENT: '定向支付',
  CONTROLLED_RELEASE: '受控资金释放',
  BANK_PAYOUT: '银行付出',
  BANK_RECEIPT: '银行收款',
  REPAYMENT_PRINCIPAL: '归还本金',
  REPAYMENT_INTEREST: '支付利息',
  REPAYMENT_PENALTY: '支付罚息',
  INTEREST_REFUND: '退还未用天数利息',
  MARGIN_HOLD: '缴纳保证金',
  MARGIN_RELEASE: '退还保证金',
  MARGIN_APPLY: '保证金抵扣欠款',
  FEE_INCOME: '手续费收入',
  INCOME: '收入',
  RESERVE_PROVISION: '计提风险准备金',
  RESERVE_RELEASE: '转回风险准备金',
  WRITE_OFF: '核销',
  PRINCIPAL: '本金',
} as const;
export type FlowType = keyof typeof FLOW_TYPE_LABELS;

/** Flow types an enterprise sees in its fund-flow list (its AVAILABLE and CONTROLLED lines). */
export const USER_FLOW_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL',
  'WITHDRAWAL_FEE',
  'WITHDRAWAL_REFUND',
  'WITHDRAWAL_FEE_REFUND',
  'TRANSFER_OUT',
  'TRANSFER_IN',
  'TRANSFER_FEE',
  'DISBURSEMENT',
  'CONTROLLED_DISBURSEMENT',
  'TARGETED_PAYMENT',
  'CONTROLLED_RELEASE',
  'REPAYMENT_PRINCIPAL',
  'REPAYMENT_INTEREST',
  'REPAYMENT_PENALTY',
  'INTEREST_REFUND',
  'MARGIN_HOLD',
  'MARGIN_RELEASE',
  'MARGIN_APPLY',
] as const satisfies readonly FlowType[];

export interface PostingLine {
  account: AccountRef;
  side: LedgerSide;
  amount: Cents;
  flowType: FlowType;
  counterpartyName?: string | null;
  counterpartyAccount?: string | null;
  memo?: string | null;
}

export interface JournalDraft {
  kind: EntryKind;
  memo?: string | null;
  lines: PostingLine[];
}

const MSG_AMOUNT_REQUIRED = '金额必须大于0';
const MSG_AMOUNT_INTEGER = '金额必须是以分为单位的整数，最多两位小数';
const MSG_AMOUNT_RANGE = '金额超出允许范围';

/** A positive amount in cents, or a Chinese LedgerError naming the field. */
export function positiveCents(value: unknown, label = '金额'): Cents {
  if (typeof value !== 'number' || Number.isNaN(value)) throw new LedgerError(`${label}格式不正确`);
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) throw new LedgerError(MSG_AMOUNT_RANGE.replace('金额', label));
  if (!Number.isInteger(value)) throw new LedgerError(MSG_AMOUNT_INTEGER.replace('金额', label));
  if (value <= 0) throw new LedgerError(MSG_AMOUNT_REQUIRED.replace('金额', label));
  return value as Cents;
}

/** A fee or part that may be zero but never negative. */
export function nonNegativeCents(value: unknown, label = '金额'): Cents {
  if (value === 0) return 0 as Cents;
  return positiveCents(value, label);
}

export const isEnterpriseAccount = (ref: AccountRef): ref is { enterpriseId: number; bucket: Bucket } => 'enterpriseId' in ref;

export function accountKey(ref: AccountRef): string {
  return isEnterpriseAccount(ref) ? `VA:${ref.enterpriseId}:${ref.bucket}` : ref.factor;
}

/**
 * The rules every entry obeys: two or more lines, each a positive safe integer of cents on a
 * debit or credit side, and the debits equal to the credits. Returns the entry unchanged.
 */
export function assertBalanced<T extends JournalDraft>(entry: T): T {
  if (!entry.lines || entry.lines.length < 2) throw new LedgerError('记账分录至少需要两行');
  let debit = 0 as Cents;
  let credit = 0 as Cents;
  for (const line of entry.lines) {
    if (line.side !== 'D' && line.side !== 'C') throw new LedgerError('记账方向不正确');
    if (isEnterpriseAccount(line.account) && (!Number.isSafeInteger(line.account.enterpriseId) || line.account.enterpriseId <= 0)) {
      throw new LedgerError('账户不正确');
    }
    const amount = positiveCents(line.amount);
    if (line.side === 'D') debit = addCents(debit, amount);
    else credit = addCents(credit, amount);
  }
  if (debit !== credit) throw new LedgerError(`借贷不平衡：借方 ${debit} 分，贷方 ${credit} 分`);
  return entry;
}

/** Sum of debits (= sum of credits) of a balanced entry. */
export function entryTotal(entry: JournalDraft): Cents {
  assertBalanced(entry);
  let total = 0 as Cents;
  for (const line of entry.lines) if (line.side === 'D') total = addCents(total, line.amount);
  return total;
}

/**
 * How an entry changes each account on its normal side. Enterprise buckets are liabilities of the
 * factor (credit increases them); pass the normal side of factor accounts through `normalSideOf`.
 */
export function balanceDeltas(entry: JournalDraft, normalSideOf: (ref: AccountRef) => LedgerSide = defaultNormalSide): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const line of entry.lines) {
    const key = accountKey(line.account);
    const sign = line.side === normalSideOf(line.account) ? 1 : -1;
    deltas.set(key, (deltas.get(key) ?? 0) + sign * line.amount);
  }
  return deltas;
}

const FACTOR_NORMAL_SIDE: Record<FactorAccountCode, LedgerSide> = {
  BANK_CASH: 'D',
  RECEIVABLE_PRINCIPAL: 'D',
  FEE_INCOME: 'C',
  INTEREST_INCOME: 'C',
  PENALTY_INCOME: 'C',
  MARGIN_HELD: 'C',
  SUSPENSE: 'C',
  RISK_RESERVE: 'C',
  PROVISION_EXPENSE: 'D',
};

export function defaultNormalSide(ref: AccountRef): LedgerSide {
  return isEnterpriseAccount(ref) ? 'C' : FACTOR_NORMAL_SIDE[ref.factor];
}

/** Direction of a line on an enterprise's account as the enterprise sees it: a credit is money in. */
export const flowDirection = (side: LedgerSide): 'IN' | 'OUT' => (side === 'C' ? 'IN' : 'OUT');

interface Party {
  name?: string | null;
  accountNo?: string | null;
}

const va = (enterpriseId: number, bucket: Bucket): AccountRef => ({ enterpriseId, bucket });
const factor = (code: FactorAccountCode): AccountRef => ({ factor: code });

/** An incoming bank transfer to an enterprise's virtual account: the bank holds more, the factor owes more. */
export function depositEntry(p: { enterpriseId: number; amount: Cents; payer?: Party; memo?: string | null }): JournalDraft {
  const amount = positiveCents(p.amount);
  return assertBalanced({
    kind: 'DEPOSIT',
    memo: p.memo ?? null,
    lines: [
      {
        account: factor('BANK_CASH'),
        side: 'D',
        amount,
        flowType: 'BANK_RECEIPT',
        counterpartyName: p.payer?.name,
        counterpartyAccount: p.payer?.accountNo,
      },
      {
        account: va(p.enterpriseId, 'AVAILABLE'),
        side: 'C',
        amount,
        flowType: 'DEPOSIT',
        counterpartyName: p.payer?.name,
        counterpartyAccount: p.payer?.accountNo,
        memo: p.memo,
      },
    ],
  });
}

/** A withdrawal request: amount and fee leave the free part and wait, frozen, for the pay-out. */
export function withdrawalRequestEntry(p: { enterpriseId: number; amount: Cents; fee: Cents; bank: Party }): JournalDraft {
  const amount = positiveCents(p.amount, '提现金额');
  const fee = nonNegativeCents(p.fee, '手续费');
  const lines: PostingLine[] = [
    {
      account: va(p.enterpriseId, 'AVAILABLE'),
      side: 'D',
      amount,
      flowType: 'WITHDRAWAL',
      counterpartyName: p.bank.name,
      counterpartyAccount: p.bank.accountNo,
    },
  ];
  if (fee > 0) lines.push({ account: va(p.enterpriseId, 'AVAILABLE'), side: 'D', amount: fee, flowType: 'WITHDRAWAL_FEE' });
  lines.push({ account: va(p.enterpriseId, 'FROZEN'), side: 'C', amount: addCents(amount, fee), flowType: 'WITHDRAWAL_FREEZE' });
  return assertBalanced({ kind: 'WITHDRAWAL_REQUEST', lines });
}

/** The bank paid the withdrawal out: the frozen money leaves the bank account, the fee becomes income. */
export function withdrawalPayoutEntry(p: { enterpriseId: number; amount: Cents; fee: Cents; bank: Party }): JournalDraft {
  const amount = positiveCents(p.amount, '提现金额');
  const fee = nonNegativeCents(p.fee, '手续费');
  const lines: PostingLine[] = [
    { account: va(p.enterpriseId, 'FROZEN'), side: 'D', amount: addCents(amount, fee), flowType: 'WITHDRAWAL_PAYOUT' },
    {
      account: factor('BANK_CASH'),
      side: 'C',
      amount,
      flowType: 'BANK_PAYOUT',
      counterpartyName: p.bank.name,
      counterpartyAccount: p.bank.accountNo,
    },
  ];
  if (fee > 0) lines.push({ account: factor('FEE_INCOME'), side: 'C', amount: fee, flowType: 'FEE_INCOME' });
  return assertBalanced({ kind: 'WITHDRAWAL_PAYOUT', lines });
}

/** The pay-out failed: amount and fee go back to the free part. */
export function withdrawalFailEntry(p: { enterpriseId: number; amount: Cents; fee: Cents; reason?: string | null }): JournalDraft {
  const amount = positiveCents(p.amount, '提现金额');
  const fee = nonNegativeCents(p.fee, '手续费');
  const lines: PostingLine[] = [
    { account: va(p.enterpriseId, 'FROZEN'), side: 'D', amount: addCents(amount, fee), flowType: 'WITHDRAWAL_PAYOUT' },
    { account: va(p.enterpriseId, 'AVAILABLE'), side: 'C', amount, flowType: 'WITHDRAWAL_REFUND', memo: p.reason },
  ];
  if (fee > 0) lines.push({ account: va(p.enterpriseId, 'AVAILABLE'), side: 'C', amount: fee, flowType: 'WITHDRAWAL_FEE_REFUND' });
  return assertBalanced({ kind: 'WITHDRAWAL_FAIL', memo: p.reason ?? null, lines });
}

/** A transfer between two enterprises' virtual accounts, from the payer's free part, with the fee to the factor. */
export function transferEntry(p: {
  from: { enterpriseId: number; name: string; accountNo: string };
  to: { enterpriseId: number; name: string; accountNo: string };
  amount: Cents;
  fee: Cents;
  memo?: string | null;
}): JournalDraft {
  const amount = positiveCents(p.amount, '转账金额');
  const fee = nonNegativeCents(p.fee, '手续费');
  if (p.from.enterpriseId === p.to.enterpriseId) throw new LedgerError('不能转账给自己');
  const lines: PostingLine[] = [
    {
      account: va(p.from.enterpriseId, 'AVAILABLE'),
      side: 'D',
      amount,
      flowType: 'TRANSFER_OUT',
      counterpartyName: p.to.name,
      counterpartyAccount: p.to.accountNo,
      memo: p.memo,
    },
    {
      account: va(p.to.enterpriseId, 'AVAILABLE'),
      side: 'C',
      amount,
      flowType: 'TRANSFER_IN',
      counterpartyName: p.from.name,
      counterpartyAccount: p.from.accountNo,
      memo: p.memo,
    },
  ];
  if (fee > 0) {
    lines.push({ account: va(p.from.enterpriseId, 'AVAILABLE'), side: 'D', amount: fee, flowType: 'TRANSFER_FEE' });
    lines.push({ account: factor('FEE_INCOME'), side: 'C', amount: fee, flowType: 'FEE_INCOME' });
  }
  return assertBalanced({ kind: 'TRANSFER', memo: p.memo ?? null, lines });
}

/**
 * Financing paid into an enterprise's virtual account: the factor's receivable grows and the
 * enterprise's controlled part (default) or free part grows by the same amount.
 */
export function disbursementEntry(p: { enterpriseId: number; amount: Cents; sourceRef: string; controlled?: boolean }): JournalDraft {
  const amount = positiveCents(p.amount, '放款金额');
  const controlled = p.controlled ?? true;
  return assertBalanced({
    kind: controlled ? 'CONTROLLED_DISBURSEMENT' : 'DISBURSEMENT',
    memo: p.sourceRef,
    lines: [
      { account: factor('RECEIVABLE_PRINCIPAL'), side: 'D', amount, flowType: 'PRINCIPAL', memo: p.sourceRef },
      {
        account: va(p.enterpriseId, controlled ? 'CONTROLLED' : 'AVAILABLE'),
        side: 'C',
        amount,
        flowType: controlled ? 'CONTROLLED_DISBURSEMENT' : 'DISBURSEMENT',
        memo: p.sourceRef,
      },
    ],
  });
}

/** A targeted payment: controlled money leaves to a whitelisted payee through the factor's bank. */
export function targetedPaymentEntry(p: { enterpriseId: number; amount: Cents; payee: Party; memo?: string | null }): JournalDraft {
  const amount = positiveCents(p.amount, '支付金额');
  return assertBalanced({
    kind: 'TARGETED_PAYMENT',
    memo: p.memo ?? null,
    lines: [
      {
        account: va(p.enterpriseId, 'CONTROLLED'),
        side: 'D',
        amount,
        flowType: 'TARGETED_PAYMENT',
        counterpartyName: p.payee.name,
        counterpartyAccount: p.payee.accountNo,
        memo: p.memo,
      },
      {
        account: factor('BANK_CASH'),
        side: 'C',
        amount,
        flowType: 'BANK_PAYOUT',
        counterpartyName: p.payee.name,
        counterpartyAccount: p.payee.accountNo,
      },
    ],
  });
}

/**
 * A repayment from the enterprise's free part — or, `from: 'CONTROLLED'`, from the controlled proceeds of
 * the loan being repaid (issue 24): principal reduces the receivable, interest and penalty are income.
 */
export function repaymentEntry(p: {
  enterpriseId: number;
  principal: Cents;
  interest: Cents;
  penalty: Cents;
  sourceRef: string;
  from?: 'AVAILABLE' | 'CONTROLLED';
}): JournalDraft {
  const principal = nonNegativeCents(p.principal, '本金');
  const interest = nonNegativeCents(p.interest, '利息');
  const penalty = nonNegativeCents(p.penalty, '罚息');
  const parts: [Cents, FlowType, FactorAccountCode][] = [
    [principal, 'REPAYMENT_PRINCIPAL', 'RECEIVABLE_PRINCIPAL'],
    [interest, 'REPAYMENT_INTEREST', 'INTEREST_INCOME'],
    [penalty, 'REPAYMENT_PENALTY', 'PENALTY_INCOME'],
  ];
  const lines: PostingLine[] = [];
  for (const [amount, flowType, code] of parts) {
    if (amount === 0) continue;
    lines.push({ account: va(p.enterpriseId, p.from ?? 'AVAILABLE'), side: 'D', amount, flowType, memo: p.sourceRef });
    lines.push({
      account: factor(code),
      side: 'C',
      amount,
      flowType: code === 'RECEIVABLE_PRINCIPAL' ? 'PRINCIPAL' : 'INCOME',
      memo: p.sourceRef,
    });
  }
  if (!lines.length) throw new LedgerError('还款金额必须大于0');
  return assertBalanced({ kind: 'REPAYMENT', memo: p.sourceRef, lines });
}

/**
 * Interest deducted upfront for days the loan did not run, given back to the enterprise's free part on an
 * early settlement (issue 37 item 10): the factor's interest income goes down by exactly that amount.
 */
export function interestRefundEntry(p: { enterpriseId: number; amount: Cents; sourceRef: string }): JournalDraft {
  const amount = positiveCents(p.amount, '退还利息');
  const memo = `${p.sourceRef} 提前结清退还未用天数利息`;
  return assertBalanced({
    kind: 'INTEREST_REFUND',
    memo,
    lines: [
      { account: factor('INTEREST_INCOME'), side: 'D', amount, flowType: 'INCOME', memo },
      { account: va(p.enterpriseId, 'AVAILABLE'), side: 'C', amount, flowType: 'INTEREST_REFUND', memo },
    ],
  });
}

/**
 * What is left of a settled loan's controlled proceeds goes back to the enterprise's free part (issue 24):
 * the restriction protected the factor's loan, which is repaid. One controlled line per tranche (its
 * memo is the tranche's source, so each tranche's use is visible) and one line into the free part.
 */
export function controlledReleaseEntry(p: {
  enterpriseId: number;
  loanRef: string;
  tranches: { sourceRef: string; amount: Cents }[];
}): JournalDraft {
  const parts = p.tranches.map((t) => ({ sourceRef: t.sourceRef, amount: positiveCents(t.amount, '释放金额') }));
  if (!parts.length) throw new LedgerError('没有可释放的受控资金');
  const total = parts.reduce((s, t) => addCents(s, t.amount), 0 as Cents);
  const memo = `${p.loanRef} 结清，受控资金转为可用`;
  return assertBalanced({
    kind: 'CONTROLLED_RELEASE',
    memo,
    lines: [
      ...parts.map((t) => ({
        account: va(p.enterpriseId, 'CONTROLLED'),
        side: 'D' as const,
        amount: t.amount,
        flowType: 'CONTROLLED_RELEASE' as const,
        memo: t.sourceRef,
      })),
      { account: va(p.enterpriseId, 'AVAILABLE'), side: 'C', amount: total, flowType: 'CONTROLLED_RELEASE', memo },
    ],
  });
}

/**
 * A pledge margin paid from the enterprise's free part (hold) or given back to it (release): the money
 * moves between two parts of the enterprise's own account — AVAILABLE and MARGIN — so its total does
 * not change and the margin shows as frozen. Its fund flow is the AVAILABLE line (the MARGIN line is internal).
 */
export function marginEntry(p: { enterpriseId: number; amount: Cents; sourceRef: string; release?: boolean }): JournalDraft {
  const amount = positiveCents(p.amount, '保证金金额');
  const hold = !p.release;
  const flowType: FlowType = hold ? 'MARGIN_HOLD' : 'MARGIN_RELEASE';
  return assertBalanced({
    kind: hold ? 'MARGIN_HOLD' : 'MARGIN_RELEASE',
    memo: p.sourceRef,
    lines: [
      { account: va(p.enterpriseId, 'AVAILABLE'), side: hold ? 'D' : 'C', amount, flowType, memo: p.sourceRef },
      { account: va(p.enterpriseId, 'MARGIN'), side: hold ? 'C' : 'D', amount, flowType, memo: p.sourceRef },
    ],
  });
}

/**
 * A held margin applied to a defaulted financing's debt: the margin leaves the frozen MARGIN part and
 * pays penalty, interest and principal as a repayment would. So that the enterprise reads it in its
 * fund flows, it passes through the free part: one row in (保证金抵扣欠款) and the repayment rows out,
 * which leave the free part as it was.
 */
export function marginApplicationEntry(p: {
  enterpriseId: number;
  principal: Cents;
  interest: Cents;
  penalty: Cents;
  sourceRef: string;
}): JournalDraft {
  const repayment = repaymentEntry(p);
  const total = entryTotal(repayment);
  return assertBalanced({
    kind: 'MARGIN_APPLY',
    memo: p.sourceRef,
    lines: [
      { account: va(p.enterpriseId, 'MARGIN'), side: 'D', amount: total, flowType: 'MARGIN_APPLY', memo: p.sourceRef },
      { account: va(p.enterpriseId, 'AVAILABLE'), side: 'C', amount: total, flowType: 'MARGIN_APPLY', memo: p.sourceRef },
      ...repayment.lines,
    ],
  });
}

/**
 * The risk reserve moved by `delta` cents (issue 27): up (计提) debits the provision expense and credits
 * the reserve; down (转回, the book shrank) the reverse. A zero delta is no entry.
 */
export function reserveEntry(p: { delta: number; memo?: string | null }): JournalDraft {
  if (!Number.isSafeInteger(p.delta)) throw new LedgerError('计提金额必须是以分为单位的整数');
  if (p.delta === 0) throw new LedgerError('风险准备金无需调整');
  const up = p.delta > 0;
  const amount = positiveCents(Math.abs(p.delta), up ? '计提金额' : '转回金额');
  const flowType: FlowType = up ? 'RESERVE_PROVISION' : 'RESERVE_RELEASE';
  const memo = p.memo ?? (up ? '计提风险准备金' : '转回风险准备金');
  return assertBalanced({
    kind: 'RISK_RESERVE',
    memo,
    lines: [
      { account: factor('PROVISION_EXPENSE'), side: up ? 'D' : 'C', amount, flowType, memo },
      { account: factor('RISK_RESERVE'), side: up ? 'C' : 'D', amount, flowType, memo },
    ],
  });
}

/**
 * A factoring shortfall without recourse (issue 36, 民法典 art. 767): the factor bears the debtor's default, so
 * the principal still owed leaves the receivable against the risk reserve. Interest and penalty never booked
 * as income are not written off (nothing of them is on the books).
 */
export function writeOffEntry(p: { principal: Cents; sourceRef: string }): JournalDraft {
  const amount = positiveCents(p.principal, '核销金额');
  const memo = `${p.sourceRef} 无追索权核销`;
  return assertBalanced({
    kind: 'WRITE_OFF',
    memo,
    lines: [
      { account: factor('RISK_RESERVE'), side: 'D', amount, flowType: 'WRITE_OFF', memo },
      { account: factor('RECEIVABLE_PRINCIPAL'), side: 'C', amount, flowType: 'WRITE_OFF', memo },
    ],
  });
}

function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The virtual account number of an enterprise: '6222' + the id in 10 digits + a Luhn check digit. */
export function virtualAccountNo(enterpriseId: number): string {
  if (!Number.isSafeInteger(enterpriseId) || enterpriseId <= 0 || enterpriseId >= 10_000_000_000) throw new LedgerError('企业编号不正确');
  const body = `6222${String(enterpriseId).padStart(10, '0')}`;
  return `${body}${luhnDigit(body)}`;
}

/** Whether a text is a well-formed virtual account number (prefix, length and check digit). */
export function isVirtualAccountNo(text: string): boolean {
  if (!/^6222\d{11}$/.test(text)) return false;
  return luhnDigit(text.slice(0, -1)) === Number(text.at(-1));
}
