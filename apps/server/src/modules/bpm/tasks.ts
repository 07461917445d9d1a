import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { bpmAuditLog, bpmTasks, enterprises, uploads, users, type TaskAttachment, type TaskField } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { taskLifecycle, type TaskState } from '@factoring/domain';
import { transitionState } from '../../lib/transition.ts';
import type { BpmTask, TaskOperator, TaskRegistry } from './registry.ts';

type AuditAction = (typeof bpmAuditLog.$inferInsert)['action'];

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

/** Writes one audit row; the table refuses updates and deletes. */
export async function writeAudit(
  tx: Db,
  row: {
    taskId: number | null;
    actor: { id: number; name: string; ip?: string } | null;
    action: AuditAction;
    entityType: string;
    entityId: string;
    before?: unknown;
    after?: unknown;
    comment?: string | null;
  },
) {
  await tx.insert(bpmAuditLog).values({
    taskId: row.taskId,
    actorId: row.actor?.id ?? null,
    actorName: row.actor?.name ?? '系统',
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    comment: row.comment ?? null,
    ip: row.actor?.ip ?? null,
  });
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

export interface TaskFilter extends PageQuery {
  type?: string;
  state?: TaskState;
  enterpriseName?: string;
  mine?: boolean;
}

const assignee = alias(users, 'assignee');
const decider = alias(users, 'decider');

const listColumns = {
  id: bpmTasks.id,
  type: bpmTasks.type,
  subject: bpmTasks.subject,
  enterpriseId: bpmTasks.enterpriseId,
  enterpriseName: enterprises.name,
  refId: bpmTasks.refId,
  state: bpmTasks.state,
  assigneeId: bpmTasks.assigneeId,
  assigneeName: assignee.displayName,
  decision: bpmTasks.decision,
  reason: bpmTasks.reason,
  decidedByName: decider.displayName,
  createdAt: bpmTasks.createdAt,
  decidedAt: bpmTasks.decidedAt,
};

export async function listTasks(db: Db, registry: TaskRegistry, filter: TaskFilter, operatorId: number) {
  const where: SQL[] = [];
  if (filter.type) where.push(eq(bpmTasks.type, filter.type));
  if (filter.state) where.push(eq(bpmTasks.state, filter.state));
  if (filter.mine) where.push(eq(bpmTasks.assigneeId, operatorId));
  if (filter.enterpriseName)
    where.push(sql`lower(${enterprises.name}) like ${`%${filter.enterpriseName.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const cond = where.length ? and(...where) : undefined;
  // Pending work oldest first (first in, first reviewed); decided work newest first.
  const order = filter.state === 'PENDING' ? [asc(bpmTasks.id)] : [desc(bpmTasks.id)];
  const [items, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(bpmTasks)
      .leftJoin(enterprises, eq(enterprises.id, bpmTasks.enterpriseId))
      .leftJoin(assignee, eq(assignee.id, bpmTasks.assigneeId))
      .leftJoin(decider, eq(decider.id, bpmTasks.decidedBy))
      .where(cond)
      .orderBy(...order)
      .limit(filter.size)
      .offset(offsetOf(filter)),
    db.select({ total: count() }).from(bpmTasks).leftJoin(enterprises, eq(enterprises.id, bpmTasks.enterpriseId)).where(cond),
  ]);
  return {
    items: items.map((t) => ({ ...t, typeLabel: registry.find(t.type)?.label ?? t.type, stateLabel: taskLifecycle.label(t.state) })),
    totalCount: total,
  };
}

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

export async function getTask(db: Db, registry: TaskRegistry, id: number) {
  const submitter = alias(users, 'submitter');
  const [task] = await db
    .select({
      ...listColumns,
      data: bpmTasks.data,
      fields: bpmTasks.fields,
      attachments: bpmTasks.attachments,
      submittedByName: submitter.displayName,
    })
    .from(bpmTasks)
    .leftJoin(enterprises, eq(enterprises.id, bpmTasks.enterpriseId))
    .leftJoin(assignee, eq(assignee.id, bpmTasks.assigneeId))
    .leftJoin(decider, eq(decider.id, bpmTasks.decidedBy))
    .leftJoin(submitter, eq(submitter.id, bpmTasks.submittedBy))
    .where(eq(bpmTasks.id, id))
    .limit(1);
  if (!task) throw new NotFoundError('任务不存在');
  const ids = task.attachments.map((a) => a.uploadId);
  const files = ids.length
    ? await db
        .select({ id: uploads.id, originalName: uploads.originalName, mimeType: uploads.mimeType, size: uploads.size })
        .from(uploads)
        .where(inArray(uploads.id, ids))
    : [];
  return {
    ...task,
    typeLabel: registry.find(task.type)?.label ?? task.type,
    stateLabel: taskLifecycle.label(task.state),
    attachments: task.attachments.map((a) => ({ ...a, file: files.find((f) => f.id === a.uploadId) ?? null })),
    history: await taskHistory(db, id),
  };
}

async function lockTask(tx: Tx, id: number) {
  const [task] = await tx.select().from(bpmTasks).where(eq(bpmTasks.id, id)).for('update');
  if (!task) throw new NotFoundError('任务不存在');
  return task;
}

function assertPending(task: BpmTask) {
  if (task.state !== 'PENDING') throw new BusinessError(`该任务${taskLifecycle.label(task.state)}，不能重复处理`);
}

async function assertMayAct(tx: Tx, task: BpmTask, operator: TaskOperator) {
  if (task.assigneeId && task.assigneeId !== operator.id) {
    const [owner] = await tx.select({ name: users.displayName }).from(users).where(eq(users.id, task.assigneeId));
    throw new BusinessError(`该任务已由 ${owner?.name ?? '其他审核人员'} 领取，请勿重复处理`);
  }
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
    if (decision === 'REJECT' && !text?.trim()) throw new BusinessError('驳回时请填写驳回原因');
    const effect = decision === 'APPROVE' ? await type.onApprove(tx, task, operator, text) : await type.onReject(tx, task, operator, text!);
    const state: TaskState = decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
    const decidedAt = new Date();
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
      after: { task: { state, decision, reason: text }, record: effect?.after ?? null },
      comment: text,
    });
    return { id, state, stateLabel: taskLifecycle.label(state) };
  });
}

/** Takes a pending task into the operator's own work; others then cannot decide it. */
export async function claimTask(db: Db, id: number, operator: TaskOperator) {
  return db.transaction(async (tx) => {
    const task = await lockTask(tx, id);
    assertPending(task);
    await assertMayAct(tx, task, operator);
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

export async function listAudit(db: Db, q: PageQuery & { taskId?: number; action?: AuditAction }) {
  const where: SQL[] = [];
  if (q.taskId) where.push(eq(bpmAuditLog.taskId, q.taskId));
  if (q.action) where.push(eq(bpmAuditLog.action, q.action));
  const cond = where.length ? and(...where) : undefined;
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: bpmAuditLog.id,
        taskId: bpmAuditLog.taskId,
        actorName: bpmAuditLog.actorName,
        action: bpmAuditLog.action,
        entityType: bpmAuditLog.entityType,
        entityId: bpmAuditLog.entityId,
        before: bpmAuditLog.before,
        after: bpmAuditLog.after,
        comment: bpmAuditLog.comment,
        ip: bpmAuditLog.ip,
        createdAt: bpmAuditLog.createdAt,
      })
      .from(bpmAuditLog)
      .where(cond)
      .orderBy(desc(bpmAuditLog.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(bpmAuditLog).where(cond),
  ]);
  return { items, totalCount: total };
}
