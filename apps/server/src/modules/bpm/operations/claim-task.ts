import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bpmTasks } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { TaskOperator, TaskRegistry } from '../registry.ts';
import { writeAudit } from '../audit.ts';
import { assertFourEyes } from '../four-eyes.ts';
import { assertMayAct, assertPending, lockTask } from '../task-locks.ts';

/** Takes a pending task into the operator's own work; others then cannot decide it. */
export async function claimTask(db: Db, registry: TaskRegistry, id: number, operator: TaskOperator) {
  return db.transaction(async (tx) => {
    const task = await lockTask(tx, id);
    assertPending(task);
    await assertMayAct(tx, task, operator);
    await assertFourEyes(tx, registry, task, operator);
    if (task.assigneeId === operator.id) return;
    await tx.update(bpmTasks).set({ assigneeId: operator.id }).where(eq(bpmTasks.id, id));
    await writeAudit(tx, {
      taskId: id,
      actor: operator,
      action: 'CLAIM',
      entityType: task.type,
      entityId: task.refId,
      before: { assigneeId: null },
      after: { assigneeId: operator.id },
    });
  });
}

/** Gives a claimed task back to the shared inbox. */
export async function releaseTask(db: Db, id: number, operator: TaskOperator) {
  return db.transaction(async (tx) => {
    const task = await lockTask(tx, id);
    assertPending(task);
    if (task.assigneeId !== operator.id) throw new BusinessError('只能退回自己领取的任务');
    await tx.update(bpmTasks).set({ assigneeId: null }).where(eq(bpmTasks.id, id));
    await writeAudit(tx, {
      taskId: id,
      actor: operator,
      action: 'RELEASE',
      entityType: task.type,
      entityId: task.refId,
      before: { assigneeId: operator.id },
      after: { assigneeId: null },
    });
  });
}
