import { depositEntry, type Cents } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { virtualAccountByNo, rule, postEntry } from '../../ledger/index.ts';

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
