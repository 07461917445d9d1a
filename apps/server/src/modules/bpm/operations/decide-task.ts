import type { Db, Tx } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { bpmTasks } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { taskLifecycle, type TaskState } from '@factoring/domain';
import { transitionState } from '../../../lib/transition.ts';
import type { BpmTask, DecisionEffect, TaskOperator, TaskRegistry, TaskType } from '../registry.ts';
import { now } from '../../../lib/clock.ts';
import { countersign, countersignWords } from '../../contracts/index.ts';
import { COUNTERSIGNED, writeAudit } from '../audit.ts';
import { deciding } from '../deciding.ts';
import { assertFourEyes } from '../four-eyes.ts';
import { labelsOf } from '../labels.ts';
import { assertMayAct, assertPending, lockTask } from '../task-locks.ts';

/**
 * The type's own decision inside the hooks that concern it, the first listed outermost. An approval
 * of a type that receives a payment must name its receipt: the bank statement links to it.
 */
async function runDecision(
  tx: Tx,
  registry: TaskRegistry,
  type: TaskType,
  task: BpmTask,
  operator: TaskOperator,
  decision: 'APPROVE' | 'REJECT',
  text: string | null,
): Promise<DecisionEffect | void> {
  const own = () => (decision === 'APPROVE' ? type.onApprove(tx, task, operator, text) : type.onReject(tx, task, operator, text!));
  const decide = registry.hooksOf(type).reduceRight<() => Promise<DecisionEffect | void>>((inner, hook) => {
    if (decision === 'APPROVE') return hook.approve ? () => hook.approve!(tx, type, task, inner) : inner;
    return hook.reject ? () => hook.reject!(tx, type, task, text!, inner) : inner;
  }, own);
  const effect = await decide();
  if (decision === 'APPROVE' && type.receivesPayment && !effect?.received)
    throw new Error(`task type ${type.type} receives a payment, but its approval named no receipt entry`);
  return effect;
}

/**
 * Approves or rejects a pending task: the type's handler changes the business record, then the task
 * records the decision and the audit log the before/after, all in one transaction.
 */
export async function decideTask(
  db: Db,
  registry: TaskRegistry,
  id: number,
  operator: TaskOperator,
  decision: 'APPROVE' | 'REJECT',
  text: string | null,
) {
  return inTransaction(db, async (tx) => {
    const task = await lockTask(tx, id);
    assertPending(task);
    await assertMayAct(tx, task, operator);
    const type = registry.find(task.type);
    if (!type) throw new BusinessError(`未知的任务类型 ${task.type}，无法处理`);
    await assertFourEyes(tx, registry, task, operator);
    if (decision === 'REJECT' && !text?.trim()) throw new BusinessError('驳回时请填写驳回原因');
    const effect = await deciding.run({ taskId: task.id }, () => runDecision(tx, registry, type, task, operator, decision, text));
    const state: TaskState = decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
    const decidedAt = now();
    // The factor's countersignature is the approving operator's act, at the decision's time (issue 37).
    const countersigned =
      decision === 'APPROVE' && type.countersigns ? await countersign(tx, type.countersigns(task), operator, decidedAt) : [];
    await transitionState(tx, bpmTasks, taskLifecycle, task, state, {
      decision,
      reason: text,
      decidedBy: operator.id,
      decidedAt,
      assigneeId: task.assigneeId ?? operator.id,
    });
    await writeAudit(tx, {
      taskId: id,
      actor: operator,
      action: decision,
      entityType: task.type,
      entityId: task.refId,
      before: { task: { state: task.state, assigneeId: task.assigneeId }, record: effect?.before ?? null },
      after: {
        task: { state, decision, reason: text },
        record: effect?.after ?? null,
        ...(countersigned.length ? { [COUNTERSIGNED]: countersignWords(countersigned) } : {}),
      },
      comment: text,
    });
    return { id, state, stateLabel: labelsOf(registry, { type: task.type, state }).stateLabel };
  });
}
