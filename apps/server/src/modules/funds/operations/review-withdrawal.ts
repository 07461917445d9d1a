import { formatYuan } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import type { BpmTask, TaskOperator } from '../../bpm/index.ts';
import { openFundsTask } from '../operator-tasks.ts';
import { lockPendingWithdrawal } from './pending-withdrawal.ts';

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
