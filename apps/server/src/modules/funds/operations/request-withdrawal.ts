import { formatYuan, subCents, withdrawalRequestEntry, type Cents } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { withdrawals } from '../../../db/schema/index.ts';
import { boundSettlementAccount } from '../../certification/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { rule, lockAccounts, postEntry } from '../../ledger/index.ts';
import { openFundsTask, type Submitter } from '../operator-tasks.ts';

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
