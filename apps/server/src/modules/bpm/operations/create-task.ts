import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bpmTasks, type TaskAttachment, type TaskField } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { writeAudit } from '../audit.ts';
import { deciding } from '../deciding.ts';

export interface NewTask {
  type: string;
  subject: string;
  enterpriseId: number | null;
  refId: string | number;
  data: Record<string, unknown>;
  fields: TaskField[];
  attachments?: TaskAttachment[];
  submittedBy: { id: number; name: string; ip?: string } | null;
}

/** Puts a task in the inbox (call inside the submitting transaction). At most one pending task per business record. */
export async function createTask(tx: Db, task: NewTask): Promise<number> {
  const refId = String(task.refId);
  const [existing] = await tx
    .select({ id: bpmTasks.id })
    .from(bpmTasks)
    .where(and(eq(bpmTasks.type, task.type), eq(bpmTasks.refId, refId), eq(bpmTasks.state, 'PENDING')))
    .limit(1);
  if (existing) throw new BusinessError('该申请已在审核中，请勿重复提交');
  const [row] = await tx
    .insert(bpmTasks)
    .values({
      type: task.type,
      subject: task.subject,
      enterpriseId: task.enterpriseId,
      refId,
      data: task.data,
      fields: task.fields,
      attachments: task.attachments ?? [],
      submittedBy: task.submittedBy?.id ?? null,
      followsTaskId: deciding.getStore()?.taskId ?? null,
    })
    .returning({ id: bpmTasks.id });
  await writeAudit(tx, {
    taskId: row.id,
    actor: task.submittedBy,
    action: 'SUBMIT',
    entityType: task.type,
    entityId: refId,
    after: { state: 'PENDING', data: task.data },
  });
  return row.id;
}
