import { and, count, desc, eq } from 'drizzle-orm';
import {
  formatYuan,
  maskBankAccount,
  subCents,
  withdrawalFailEntry,
  withdrawalLifecycle,
  withdrawalPayoutEntry,
  withdrawalRequestEntry,
  type Cents,
  type WithdrawalStatus,
} from '@factoring/domain';
import type { Db, Tx } from '../../db/client.ts';
import { withdrawals } from '../../db/schema/index.ts';
import { boundSettlementAccount } from '../certification/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { rule, lockAccounts, postEntry, refNoOf } from '../ledger/index.ts';
import type { BpmTask, TaskOperator } from '../bpm/index.ts';
import { openFundsTask, type Submitter } from './operator-tasks.ts';
import { now } from '../../lib/clock.ts';

export interface WithdrawalResult {
  kind: 'WITHDRAWAL';
  refNo: string;
  withdrawalId: number;
  amount: number;
  fee: number;
  total: number;
  status: 'PENDING';
  bankName: string;
  bankAccountNo: string;
  bankAccountName: string;
  createdAt: string;
}

/**
 * A withdrawal to the bound settlement account: amount + fee leave the available part and are held
 * frozen until an operator confirms the pay-out (or marks it failed, which returns both). Runs in the
 * idempotent transaction; the available balance is read under the account's row lock.
 */
export async function requestWithdrawal(
  tx: Tx,
  scope: EnterpriseScope,
  p: { by: Submitter; amount: Cents; fee: Cents },
): Promise<WithdrawalResult> {
  const { enterpriseId } = scope;
  const bank = await boundSettlementAccount(tx, scope);
  if (!bank) throw new BusinessError('尚未绑定结算账户，请先在企业认证中绑定结算账户');
  const draft = rule(() =>
    withdrawalRequestEntry({ enterpriseId, amount: p.amount, fee: p.fee, bank: { name: bank.accountName, accountNo: bank.accountNo } }),
  );
  const locked = await lockAccounts(tx, [
    { enterpriseId, bucket: 'AVAILABLE' },
    { enterpriseId, bucket: 'FROZEN' },
  ]);
  const available = locked.get(`VA:${enterpriseId}:AVAILABLE`)!.balance;
  if (p.amount + p.fee > available) {
    const max = available > p.fee ? subCents(available as Cents, p.fee) : 0;
    throw new BusinessError(
      `可用余额不足：可用余额 ¥${formatYuan(available)}，扣除手续费 ¥${formatYuan(p.fee)} 后最多可提现 ¥${formatYuan(max)}`,
    );
  }
  const entry = await postEntry(tx, draft, { createdBy: p.by.id });
  const [w] = await tx
    .insert(withdrawals)
    .values({
      enterpriseId,
      amount: p.amount,
      fee: p.fee,
      bankName: bank.branchName || bank.bankName,
      bankAccountNo: bank.accountNo,
      bankAccountName: bank.accountName,
      requestEntryId: entry.entryId,
      requestedBy: p.by.id,
    })
    .returning();
  // Two operators: one reviews the request (FUNDS_WITHDRAWAL_REVIEW), another confirms the bank's pay-out (FUNDS_WITHDRAWAL).
  await openFundsTask(tx, {
    type: 'FUNDS_WITHDRAWAL_REVIEW',
    refId: w.id,
    enterpriseId,
    submittedBy: p.by,
    subject: `提现审核 ¥${formatYuan(p.amount)}`,
    data: { withdrawalId: w.id, amount: p.amount, fee: p.fee },
    fields: [
      { label: '提现金额', value: `¥${formatYuan(p.amount)}` },
      { label: '手续费', value: `¥${formatYuan(p.fee)}` },
      { label: '收款户名', value: w.bankAccountName },
      { label: '收款账号', value: w.bankAccountNo },
      { label: '开户行', value: w.bankName },
      { label: '流水号', value: entry.refNo },
    ],
  });
  return {
    kind: 'WITHDRAWAL',
    refNo: entry.refNo,
    withdrawalId: w.id,
    amount: p.amount,
    fee: p.fee,
    total: p.amount + p.fee,
    status: 'PENDING',
    bankName: w.bankName,
    bankAccountNo: w.bankAccountNo,
    bankAccountName: w.bankAccountName,
    createdAt: entry.createdAt.toISOString(),
  };
}

/**
 * Operator: the withdrawal request is in order; its pay-out goes to the inbox for a second operator
 * (maker-checker: the reviewer submits the pay-out task, so the inbox keeps them from confirming it).
 */
export async function reviewWithdrawal(tx: Tx, task: BpmTask, operator: TaskOperator) {
  const w = await lockPendingWithdrawal(tx, Number(task.refId));
  await openFundsTask(tx, {
    type: 'FUNDS_WITHDRAWAL',
    refId: w.id,
    enterpriseId: w.enterpriseId,
    submittedBy: operator,
    subject: `提现出款 ¥${formatYuan(w.amount)}`,
    data: task.data,
    fields: task.fields,
  });
  return { before: { status: w.status }, after: { status: w.status, payoutTask: 'FUNDS_WITHDRAWAL' } };
}

async function lockPendingWithdrawal(tx: Tx, withdrawalId: number) {
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
  if (!w) throw new NotFoundError('提现记录不存在');
  if (w.status !== 'PENDING') throw new BusinessError(`该提现已处理（${w.status === 'PAID' ? '已出款' : '已失败'}），不能重复处理`);
  return w;
}

/** Operator: the bank paid the withdrawal out. The frozen money leaves; the fee becomes income. */
export async function confirmWithdrawalPaid(tx: Tx, withdrawalId: number, operatorId: number) {
  const w = await lockPendingWithdrawal(tx, withdrawalId);
  const entry = await postEntry(
    tx,
    rule(() =>
      withdrawalPayoutEntry({
        enterpriseId: w.enterpriseId,
        amount: w.amount as Cents,
        fee: w.fee as Cents,
        bank: { name: w.bankAccountName, accountNo: w.bankAccountNo },
      }),
    ),
    { createdBy: operatorId },
  );
  await transition(tx, withdrawals, withdrawalLifecycle, w, 'PAID', {
    settleEntryId: entry.entryId,
    decidedBy: operatorId,
    decidedAt: now(),
  });
  return { withdrawalId, status: 'PAID' as const, refNo: entry.refNo };
}

/** Operator: the pay-out failed. Amount and fee return to the available part. */
export async function failWithdrawal(tx: Tx, withdrawalId: number, operatorId: number, reason: string) {
  const why = reason.trim();
  if (!why) throw new BusinessError('请填写出款失败原因');
  const w = await lockPendingWithdrawal(tx, withdrawalId);
  const entry = await postEntry(
    tx,
    rule(() => withdrawalFailEntry({ enterpriseId: w.enterpriseId, amount: w.amount as Cents, fee: w.fee as Cents, reason: why })),
    {
      createdBy: operatorId,
    },
  );
  await transition(tx, withdrawals, withdrawalLifecycle, w, 'FAILED', {
    settleEntryId: entry.entryId,
    decidedBy: operatorId,
    decidedAt: now(),
    reason: why,
  });
  return { withdrawalId, status: 'FAILED' as const, refNo: entry.refNo };
}

/** The enterprise's withdrawals, newest first. */
export async function listWithdrawals(db: Db, scope: EnterpriseScope, q: PageQuery & { status?: WithdrawalStatus }) {
  const where = and(ownedBy(scope, withdrawals.enterpriseId), q.status ? eq(withdrawals.status, q.status) : undefined);
  const rows = await db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(q.size).offset(offsetOf(q));
  const [{ n }] = await db.select({ n: count() }).from(withdrawals).where(where);
  return {
    items: rows.map((w) => ({
      id: w.id,
      amount: w.amount,
      fee: w.fee,
      status: w.status,
      statusLabel: withdrawalLifecycle.label(w.status),
      bankName: w.bankName,
      bankAccountNo: maskBankAccount(w.bankAccountNo),
      bankAccountName: w.bankAccountName,
      reason: w.reason,
      refNo: refNoOf(w.requestEntryId, w.createdAt),
      createdAt: w.createdAt.toISOString(),
      decidedAt: w.decidedAt?.toISOString() ?? null,
    })),
    totalCount: Number(n),
  };
}
