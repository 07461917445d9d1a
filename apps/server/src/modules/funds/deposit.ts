import { randomUUID } from 'node:crypto';
import { depositEntry, formatYuan, type Cents } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { BpmTask, DecisionEffect, TaskOperator } from '../bpm/index.ts';
import { virtualAccountByNo, rule, postEntry } from '../ledger/index.ts';
import { openFundsTask, type Submitter } from './operator-tasks.ts';

export interface DepositResult {
  kind: 'DEPOSIT';
  /** The receipt's journal entry (what the bank statement links its line to). */
  entryId: number;
  refNo: string;
  accountNo: string;
  enterpriseName: string;
  amount: number;
  createdAt: string;
}

/**
 * The posting of an incoming bank transfer to a virtual account number — the way money enters. The
 * factor's bank account grows and the enterprise's available part grows by the same amount. Called
 * when a second operator approves a recorded deposit (`creditDeposit`), and directly by the system
 * (the seed, a collection the platform registers).
 */
export async function recordDeposit(
  tx: Tx,
  p: {
    operatorId: number;
    accountNo: string;
    amount: Cents;
    payerName?: string | null;
    payerAccountNo?: string | null;
    memo?: string | null;
  },
): Promise<DepositResult> {
  const account = await virtualAccountByNo(tx, p.accountNo.trim());
  if (!account) throw new BusinessError('虚拟账号不存在，请核对银行回单上的收款账号');
  const entry = await postEntry(
    tx,
    rule(() =>
      depositEntry({
        enterpriseId: account.enterpriseId,
        amount: p.amount,
        payer: { name: p.payerName?.trim() || null, accountNo: p.payerAccountNo?.trim() || null },
        memo: p.memo?.trim() || null,
      }),
    ),
    { createdBy: p.operatorId },
  );
  return {
    kind: 'DEPOSIT',
    entryId: entry.entryId,
    refNo: entry.refNo,
    accountNo: account.accountNo,
    enterpriseName: account.accountName,
    amount: p.amount,
    createdAt: entry.createdAt.toISOString(),
  };
}

export interface DepositInput {
  accountNo: string;
  amount: Cents;
  payerName?: string | null;
  payerAccountNo?: string | null;
  memo?: string | null;
}

export interface DepositSubmitted {
  kind: 'DEPOSIT';
  status: 'PENDING_REVIEW';
  taskId: number;
  accountNo: string;
  enterpriseName: string;
  amount: number;
  submittedAt: string;
}

/** What a FUNDS_DEPOSIT task keeps of the recorded deposit (`bpm_tasks.data`): the posting's input. */
type DepositTaskData = {
  accountNo: string;
  enterpriseId: number;
  amount: Cents;
  payerName: string | null;
  payerAccountNo: string | null;
  memo: string | null;
};

/**
 * Operator (the maker): records an incoming bank transfer from the bank receipt. Nothing is credited:
 * the deposit waits in the inbox as a FUNDS_DEPOSIT task (入金复核) submitted by this operator, and
 * only another operator's approval posts it (four eyes, issue 21). The account and the amount are
 * checked now, with the posting's own rules, so a deposit that could not be credited never waits.
 */
export async function submitDeposit(tx: Tx, by: Submitter, p: DepositInput): Promise<DepositSubmitted> {
  const account = await virtualAccountByNo(tx, p.accountNo.trim());
  if (!account) throw new BusinessError('虚拟账号不存在，请核对银行回单上的收款账号');
  const data: DepositTaskData = {
    accountNo: account.accountNo,
    enterpriseId: account.enterpriseId,
    amount: p.amount,
    payerName: p.payerName?.trim() || null,
    payerAccountNo: p.payerAccountNo?.trim() || null,
    memo: p.memo?.trim() || null,
  };
  rule(() =>
    depositEntry({
      enterpriseId: data.enterpriseId,
      amount: data.amount,
      payer: { name: data.payerName, accountNo: data.payerAccountNo },
      memo: data.memo,
    }),
  );
  // A recorded deposit has no record of its own but its task: each one its own reference.
  const taskId = await openFundsTask(tx, {
    type: 'FUNDS_DEPOSIT',
    refId: `DEP-${randomUUID()}`,
    enterpriseId: account.enterpriseId,
    submittedBy: by,
    subject: `入金复核：${account.accountName} ¥${formatYuan(p.amount)}`,
    data,
    fields: [
      { label: '虚拟账号', value: account.accountNo },
      { label: '企业', value: account.accountName },
      { label: '金额', value: `¥${formatYuan(p.amount)}` },
      { label: '付款人', value: data.payerName ?? '—' },
      { label: '付款账号', value: data.payerAccountNo ?? '—' },
      { label: '摘要', value: data.memo ?? '—' },
    ],
  });
  return {
    kind: 'DEPOSIT',
    status: 'PENDING_REVIEW',
    taskId,
    accountNo: account.accountNo,
    enterpriseName: account.accountName,
    amount: p.amount,
    submittedAt: now().toISOString(),
  };
}

/**
 * The checker approves a FUNDS_DEPOSIT task: the recorded deposit is posted, in the decision's
 * transaction (the task row locked and still pending, so it is posted once; the inbox has already
 * refused the operator who recorded it). The posting is the audit row's `after`.
 */
export async function creditDeposit(tx: Tx, task: BpmTask, operator: TaskOperator): Promise<DecisionEffect> {
  const d = task.data as DepositTaskData;
  const { entryId, ...credited } = await recordDeposit(tx, {
    operatorId: operator.id,
    accountNo: d.accountNo,
    amount: d.amount,
    payerName: d.payerName,
    payerAccountNo: d.payerAccountNo,
    memo: d.memo,
  });
  return {
    before: { credited: false },
    after: { credited: true, submittedBy: task.submittedBy, confirmedBy: operator.id, ...credited },
    received: { entryId },
  };
}
