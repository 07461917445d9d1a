import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { bpmTasks } from '../../../db/schema/index.ts';
import { taskLifecycle } from '@factoring/domain';
import { transitionState } from '../../../lib/transition.ts';
import { now } from '../../../lib/clock.ts';
import { writeAudit } from '../audit.ts';

/**
 * Closes the pending operator tasks of records that no longer need a decision (the user cancelled),
 * with an audit row naming who withdrew them.
 */
export async function withdrawPendingTasks(
  tx: Tx,
  refs: { type: string; refId: string | number }[],
  actor: { id: number | null; name: string; ip?: string },
  reason: string,
) {
  for (const ref of refs) {
    const pending = await tx
      .select()
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, ref.type), eq(bpmTasks.refId, String(ref.refId)), eq(bpmTasks.state, 'PENDING')))
      .for('update');
    for (const task of pending) {
      await transitionState(tx, bpmTasks, taskLifecycle, task, 'REJECTED', { decision: 'REJECT', reason, decidedAt: now() });
      await writeAudit(tx, {
        taskId: task.id,
        actor: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
        action: 'REJECT',
        entityType: ref.type,
        entityId: String(ref.refId),
        before: { state: 'PENDING' },
        after: { state: 'REJECTED', withdrawnBy: actor.name },
        comment: reason,
      });
    }
  }
}
