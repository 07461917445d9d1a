import { withdrawalLifecycle, withdrawalPayoutEntry, type Cents } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { withdrawals } from '../../../db/schema/index.ts';
import { transition } from '../../../lib/transition.ts';
import { rule, postEntry } from '../../ledger/index.ts';
import { now } from '../../../lib/clock.ts';
import { lockPendingWithdrawal } from './pending-withdrawal.ts';

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
