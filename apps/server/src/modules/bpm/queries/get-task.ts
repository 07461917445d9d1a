import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bpmAuditLog, bpmTasks, type TaskField } from '../../../db/schema/index.ts';
import { enterpriseDirectory, userDirectoryAs } from '../../account/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import type { BpmTask, TaskOperator, TaskRegistry, TaskType } from '../registry.ts';
import { uploadsByIds } from '../../uploads/index.ts';
import { assignee, decider, listColumns } from '../task-columns.ts';
import { labelsOf } from '../labels.ts';
import { fourEyesOf } from '../four-eyes.ts';

export async function taskHistory(db: Db, taskId: number) {
  return db
    .select({
      id: bpmAuditLog.id,
      action: bpmAuditLog.action,
      actorName: bpmAuditLog.actorName,
      comment: bpmAuditLog.comment,
      before: bpmAuditLog.before,
      after: bpmAuditLog.after,
      createdAt: bpmAuditLog.createdAt,
    })
    .from(bpmAuditLog)
    .where(eq(bpmAuditLog.taskId, taskId))
    .orderBy(asc(bpmAuditLog.id));
}

export async function getTask(db: Db, registry: TaskRegistry, id: number, viewer?: TaskOperator) {
  const submitter = userDirectoryAs('submitter');
  const [task] = await db
    .select({
      ...listColumns,
      data: bpmTasks.data,
      fields: bpmTasks.fields,
      attachments: bpmTasks.attachments,
      submittedByName: submitter.displayName,
      submittedBy: bpmTasks.submittedBy,
      followsTaskId: bpmTasks.followsTaskId,
    })
    .from(bpmTasks)
    .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, bpmTasks.enterpriseId))
    .leftJoin(assignee, eq(assignee.id, bpmTasks.assigneeId))
    .leftJoin(decider, eq(decider.id, bpmTasks.decidedBy))
    .leftJoin(submitter, eq(submitter.id, bpmTasks.submittedBy))
    .where(eq(bpmTasks.id, id))
    .limit(1);
  if (!task) throw new NotFoundError('任务不存在');
  const ids = task.attachments.map((a) => a.uploadId);
  const files = await uploadsByIds(db, ids);
  const { submittedBy, followsTaskId, ...rest } = task;
  const type = registry.find(task.type);
  return {
    ...rest,
    ...labelsOf(registry, task),
    decisionLabels: type?.decisionLabels ?? null,
    facts: type ? await factsOf(db, registry, type, { ...task, submittedBy, followsTaskId } as unknown as BpmTask) : [],
    fourEyes: await fourEyesOf(db, registry, { ...task, submittedBy, followsTaskId }, viewer),
    attachments: task.attachments.map((a) => ({ ...a, file: files.find((f) => f.id === a.uploadId) ?? null })),
    history: await taskHistory(db, id),
  };
}

/** What the drawer shows beside the stored fields: the type's live facts, then each hook's that concerns it. */
async function factsOf(db: Db, registry: TaskRegistry, type: TaskType, task: BpmTask): Promise<TaskField[]> {
  const facts = type.describe ? await type.describe(db, task) : [];
  for (const hook of registry.hooksOf(type)) if (hook.describe) facts.push(...(await hook.describe(db, type, task)));
  return facts;
}
