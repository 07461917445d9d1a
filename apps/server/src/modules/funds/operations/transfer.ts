import { formatYuan, maskBankAccount, transferEntry, type Cents } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { virtualAccountBalance, virtualAccountByNo, rule, lockAccounts, postEntry } from '../../ledger/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';

export interface TransferResult {
  kind: 'TRANSFER';
  refNo: string;
  amount: number;
  fee: number;
  total: number;
  payeeName: string;
  payeeAccountNo: string;
  createdAt: string;
}

const normalise = (s: string) => s.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')');

/**
 * An internal transfer to another enterprise's virtual account on the platform. The payee's account
 * number and name must both match (one message for either mismatch, so the call cannot be used to
 * find out which account numbers exist). Only the payer's free part can be used; the fee goes to the factor.
 */
export async function internalTransfer(
  tx: Tx,
  scope: EnterpriseScope,
  p: { payeeAccountNo: string; payeeName: string; amount: Cents; fee: Cents; memo?: string | null },
): Promise<TransferResult> {
  const { enterpriseId, userId } = scope;
  const from = await virtualAccountBalance(tx, enterpriseId);
  if (!from) throw new BusinessError('本企业尚未开立虚拟账户');
  const to = await virtualAccountByNo(tx, p.payeeAccountNo.trim());
  if (!to || normalise(to.accountName) !== normalise(p.payeeName)) throw new BusinessError('收款账号与收款户名不匹配，请核对后重试');
  if (to.enterpriseId === enterpriseId) throw new BusinessError('不能向本企业的虚拟账户转账');
  const draft = rule(() =>
    transferEntry({
      from: { enterpriseId, name: from.accountName, accountNo: from.accountNo },
      to: { enterpriseId: to.enterpriseId, name: to.accountName, accountNo: to.accountNo },
      amount: p.amount,
      fee: p.fee,
      memo: p.memo?.trim() || null,
    }),
  );
  // Lock both enterprises' free parts (ascending id order inside lockAccounts) before reading the payer's.
  const locked = await lockAccounts(tx, [
    { enterpriseId, bucket: 'AVAILABLE' },
    { enterpriseId: to.enterpriseId, bucket: 'AVAILABLE' },
  ]);
  const available = locked.get(`VA:${enterpriseId}:AVAILABLE`)!.balance;
  if (p.amount + p.fee > available) {
    throw new BusinessError(`可用余额不足：可用余额 ¥${formatYuan(available)}，转账金额与手续费合计 ¥${formatYuan(p.amount + p.fee)}`);
  }
  const entry = await postEntry(tx, draft, { createdBy: userId });
  return {
    kind: 'TRANSFER',
    refNo: entry.refNo,
    amount: p.amount,
    fee: p.fee,
    total: p.amount + p.fee,
    payeeName: to.accountName,
    payeeAccountNo: maskBankAccount(to.accountNo),
    createdAt: entry.createdAt.toISOString(),
  };
}
