import { randomUUID } from 'node:crypto';
import { depositEntry, formatYuan, type Cents } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { virtualAccountByNo, rule } from '../../ledger/index.ts';
import { openFundsTask, type Submitter } from '../operator-tasks.ts';

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
export type DepositTaskData = {
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
