import type { Tx } from '../../../db/client.ts';
import type { BpmTask, DecisionEffect, TaskOperator } from '../../bpm/index.ts';
import { recordDeposit } from './record-deposit.ts';
import type { DepositTaskData } from './submit-deposit.ts';

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
