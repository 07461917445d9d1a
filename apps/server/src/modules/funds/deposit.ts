import { depositEntry, type Cents } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { virtualAccountByNo } from '../ledger/balances.ts';
import { rule } from '../ledger/domain-errors.ts';
import { postEntry } from '../ledger/post-entry.ts';

export interface DepositResult {
  kind: 'DEPOSIT';
  refNo: string;
  accountNo: string;
  enterpriseName: string;
  amount: number;
  createdAt: string;
}

/**
 * Operator: records an incoming bank transfer to a virtual account number — the way money enters.
 * The factor's bank account grows and the enterprise's available part grows by the same amount.
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
    refNo: entry.refNo,
    accountNo: account.accountNo,
    enterpriseName: account.accountName,
    amount: p.amount,
    createdAt: entry.createdAt.toISOString(),
  };
}
