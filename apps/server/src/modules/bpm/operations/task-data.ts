import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { bpmTasks } from '../../../db/schema/index.ts';
import type { BpmTask } from '../registry.ts';

/**
 * A task's own data, for the area that opened it (issue 35, walls for tables): the cloud loan's built-in
 * bank keeps its books there. Only the inbox reads, locks or writes `bpm_tasks` itself.
 */

/** The task with this id, or else the latest of `type` for the record `refId`, locked for the caller's transaction. */
export async function lockTaskOfRecord(
  tx: Tx,
  which: { id: number } | { type: string; refId: string | number },
): Promise<BpmTask | undefined> {
  const [task] = await tx
    .select()
    .from(bpmTasks)
    .where('id' in which ? eq(bpmTasks.id, which.id) : and(eq(bpmTasks.type, which.type), eq(bpmTasks.refId, String(which.refId))))
    .orderBy(desc(bpmTasks.id))
    .limit(1)
    .for('update');
  return task;
}

/** Adds (or replaces) top-level keys of a task's data, keeping the others. */
export async function mergeTaskData(tx: Tx, taskId: number, patch: Record<string, unknown>): Promise<void> {
  await tx
    .update(bpmTasks)
    .set({ data: sql`coalesce(${bpmTasks.data}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(bpmTasks.id, taskId));
}
