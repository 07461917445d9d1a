import { withdrawalFailEntry, withdrawalLifecycle, type Cents } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { withdrawals } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import { rule, postEntry } from '../../ledger/index.ts';
import { now } from '../../../lib/clock.ts';
import { lockPendingWithdrawal } from './pending-withdrawal.ts';

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
