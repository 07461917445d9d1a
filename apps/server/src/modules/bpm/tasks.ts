import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { bpmAuditLog, bpmTasks, type TaskAttachment, type TaskField } from '../../db/schema/index.ts';
import { enterpriseDirectory, userDirectory, userDirectoryAs } from '../account/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { taskLifecycle, type TaskState } from '@factoring/domain';
import { AUDIT_FIELD_LABELS, currentAuditScope, type AuditRecord, type AuditTrail } from '../../lib/audit-trail.ts';
import { transitionState } from '../../lib/transition.ts';
import type { BpmTask, DecisionEffect, TaskOperator, TaskRegistry, TaskType } from './registry.ts';
import { chinaMidnightSql } from '../../lib/china-time-sql.ts';
import { now } from '../../lib/clock.ts';
import { countersign, countersignWords } from '../contracts/index.ts';
import { uploadsByIds } from '../uploads/index.ts';

/**
 * The task whose decision is running (decideTask sets it around the type's handler): a task the
 * handler creates — the disbursement an approval opens — records it as the task it follows.
 */
const deciding = new AsyncLocalStorage<{ taskId: number }>();

/** The code of every maker-checker refusal (the web and tests tell it from other refusals by it). */
export const MAKER_CHECKER = 'MAKER_CHECKER';

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

/**
 * Writes one audit row; the table refuses updates and deletes. Written by the operator of the call
 * being served (lib/serve.ts), the row names that call, and the call adds no generic row of its own.
 */
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
    /** The row in words, when its before/after alone would not say it (a reserve booking's figures). */
    detail?: string | null;
  },
) {
  const scope = currentAuditScope();
  const ofCall = scope !== null && row.actor !== null && row.actor.id === scope.actorId;
  if (ofCall) scope.recorded += 1;
  await tx.insert(bpmAuditLog).values({
    ...(ofCall ? { operation: scope.operation, operationLabel: scope.operationLabel, outcome: 'OK' as const } : {}),
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
    detail: row.detail ?? null,
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

export interface TaskFilter extends PageQuery {
  type?: string;
  state?: TaskState;
  enterpriseName?: string;
  mine?: boolean;
}

const assignee = userDirectoryAs('assignee');
const decider = userDirectoryAs('decider');

const listColumns = {
  id: bpmTasks.id,
  type: bpmTasks.type,
  subject: bpmTasks.subject,
  enterpriseId: bpmTasks.enterpriseId,
  enterpriseName: enterpriseDirectory.name,
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
    where.push(
      sql`lower(${enterpriseDirectory.name}) like ${`%${filter.enterpriseName.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    );
  const cond = where.length ? and(...where) : undefined;
  // Pending work oldest first (first in, first reviewed); decided work newest first.
  const order = filter.state === 'PENDING' ? [asc(bpmTasks.id)] : [desc(bpmTasks.id)];
  const [items, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(bpmTasks)
      .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, bpmTasks.enterpriseId))
      .leftJoin(assignee, eq(assignee.id, bpmTasks.assigneeId))
      .leftJoin(decider, eq(decider.id, bpmTasks.decidedBy))
      .where(cond)
      .orderBy(...order)
      .limit(filter.size)
      .offset(offsetOf(filter)),
    db
      .select({ total: count() })
      .from(bpmTasks)
      .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, bpmTasks.enterpriseId))
      .where(cond),
  ]);
  return { items: items.map((t) => ({ ...t, ...labelsOf(registry, t) })), totalCount: total };
}

/** A task's type label and state label in the type's own words (a pay-out reads 已出款 / 出款失败, not 已通过 / 已驳回). */
export function labelsOf(registry: TaskRegistry, task: { type: string; state: TaskState }) {
  const type = registry.find(task.type);
  const words = type?.decisionLabels;
  const stateLabel =
    words && task.state === 'APPROVED'
      ? words.approve
      : words && task.state === 'REJECTED'
        ? words.reject
        : taskLifecycle.label(task.state);
  return { typeLabel: type?.label ?? task.type, stateLabel };
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
 * Maker-checker for one task and one operator: the step this task executes (who decided it), and
 * why this operator may not decide it — the submitter of a task never decides it, and whoever
 * decided the step a task executes never decides that task. Null when no four-eyes rule applies.
 */
async function fourEyesOf(
  db: Db,
  registry: TaskRegistry,
  task: Pick<BpmTask, 'type' | 'refId' | 'data' | 'submittedBy' | 'followsTaskId'>,
  operator?: TaskOperator,
): Promise<{ stepLabel: string | null; decidedByName: string | null; blockedReason: string | null } | null> {
  const type = registry.find(task.type);
  const executes = type?.executes;
  const step = executes ? await stepDecision(db, executes, task, type.approvedRef) : null;
  const stepLabel = executes ? (registry.find(executes)?.label ?? executes) : null;
  // The step this task executes says more than "you submitted it" (an approver usually opened the task too).
  let blockedReason: string | null = null;
  if (operator && step?.decidedBy === operator.id)
    blockedReason = `您已处理该业务的「${stepLabel}」，「${type!.label}」须由另一位操作员执行（四眼原则）`;
  else if (operator && task.submittedBy === operator.id) blockedReason = '该任务由您提交，须由另一位操作员处理（四眼原则）';
  if (!executes && !blockedReason) return null;
  return { stepLabel, decidedByName: step?.decidedByName ?? null, blockedReason };
}

/** Who decided the step a task executes: the task it follows, else the latest approved task of that type for the record. */
async function stepDecision(
  db: Db,
  executes: string,
  task: Pick<BpmTask, 'type' | 'refId' | 'data' | 'submittedBy' | 'followsTaskId'>,
  approvedRef?: (task: BpmTask) => string,
) {
  const where = task.followsTaskId
    ? eq(bpmTasks.id, task.followsTaskId)
    : and(
        eq(bpmTasks.type, executes),
        eq(bpmTasks.refId, approvedRef ? approvedRef(task as BpmTask) : task.refId),
        eq(bpmTasks.state, 'APPROVED'),
      );
  const [row] = await db
    .select({ decidedBy: bpmTasks.decidedBy, decidedByName: decider.displayName })
    .from(bpmTasks)
    .leftJoin(decider, eq(decider.id, bpmTasks.decidedBy))
    .where(where)
    .orderBy(desc(bpmTasks.id))
    .limit(1);
  return row ?? null;
}

/** Refuses, with the MAKER_CHECKER code, an operator the four-eyes rule keeps from this task. */
async function assertFourEyes(tx: Tx, registry: TaskRegistry, task: BpmTask, operator: TaskOperator) {
  const rule = await fourEyesOf(tx, registry, task, operator);
  if (rule?.blockedReason) throw new BusinessError(rule.blockedReason, MAKER_CHECKER);
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
    const [owner] = await tx.select({ name: userDirectory.displayName }).from(userDirectory).where(eq(userDirectory.id, task.assigneeId));
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

/** What audit rows outside the task types concern (their `entity_type`), in Chinese: settings, and the areas of operator calls. */
const OTHER_ENTITY_LABELS: Record<string, string> = {
  SITE_CONFIG: '站点配置',
  bpm: '审批中心',
  funds: '资金',
  pledge: '质押融资',
  cloudloan: '银行云贷',
  'purchase-sales': '购销管理',
  content: '常见问题',
  system: '站点配置',
  supplyloan: '供应链融资',
  warehouse: '仓储',
  credit: '授信',
  risk: '风险管理',
  bank: '银行对账',
  account: '账户',
  certification: '企业认证',
  contracts: '合同',
  uploads: '附件',
  reference: '基础数据',
  RISK_RESERVE: '风险准备金',
};

/** The key of a decision row's countersignature words (Chinese since issue 37; rows before say `countersigned`). */
const COUNTERSIGNED = '保理方会签';

/** Rows whose action has words of their own (the 操作 column), from what they recorded. */
const ACTION_WORDS: Record<string, (after: unknown) => string> = {
  RISK_RESERVE: (after) => (((after as { delta?: number } | null)?.delta ?? 0) < 0 ? '转回风险准备金' : '计提风险准备金'),
};

/** One audit row in words: what it concerns, what was done and what changed (no raw JSON for operators). */
function auditWords(
  registry: TaskRegistry,
  row: {
    action: AuditAction;
    entityType: string;
    entityId: string;
    subject: string | null;
    before: unknown;
    after: unknown;
    detail: string | null;
  },
) {
  const entityLabel = registry.find(row.entityType)?.label ?? OTHER_ENTITY_LABELS[row.entityType] ?? row.entityType;
  const actionLabel = row.action === 'OPERATE' ? null : (ACTION_WORDS[row.entityType]?.(row.after) ?? null);
  if (row.action === 'OPERATE')
    return {
      actionLabel,
      entityLabel,
      subject: row.entityId ? (/^\d+$/.test(row.entityId) ? `编号 ${row.entityId}` : row.entityId) : row.subject,
      summary: row.detail ?? '',
    };
  if (row.entityType === 'SITE_CONFIG')
    return { actionLabel, entityLabel, subject: row.subject, summary: `修改「${AUDIT_FIELD_LABELS[row.entityId] ?? row.entityId}」` };
  const stateOf = (v: unknown) => {
    const o = v as { state?: TaskState; task?: { state?: TaskState } } | null;
    return o?.task?.state ?? o?.state;
  };
  const from = stateOf(row.before);
  const to = stateOf(row.after);
  const labelOf = (s: TaskState) => labelsOf(registry, { type: row.entityType, state: s }).stateLabel;
  const claim = (v: unknown) => (v as { assigneeId?: number | null } | null)?.assigneeId;
  let summary = '';
  if (to && from && from !== to) summary = `${labelOf(from)} → ${labelOf(to)}`;
  else if (to) summary = labelOf(to);
  else if (claim(row.after) !== undefined) summary = claim(row.after) ? '领取任务' : '退回任务池';
  const after = row.after as Record<string, unknown> | null;
  const countersigned = after?.[COUNTERSIGNED] ?? after?.countersigned;
  if (typeof countersigned === 'string') summary = summary ? `${summary}；${countersigned}` : countersigned;
  if (!summary && row.detail) summary = row.detail;
  return { actionLabel, entityLabel, subject: row.subject, summary };
}

export interface AuditFilter extends PageQuery {
  taskId?: number;
  action?: AuditAction;
  actorId?: number;
  operation?: string;
  outcome?: 'OK' | 'REFUSED' | 'FAILED';
  /** China dates, both included. */
  startDate?: string;
  endDate?: string;
}

function auditWhere(q: AuditFilter): SQL | undefined {
  const where: SQL[] = [];
  if (q.taskId) where.push(eq(bpmAuditLog.taskId, q.taskId));
  if (q.action) where.push(eq(bpmAuditLog.action, q.action));
  if (q.actorId) where.push(eq(bpmAuditLog.actorId, q.actorId));
  if (q.operation) where.push(eq(bpmAuditLog.operation, q.operation));
  // A row without an outcome was written inside a committed change: it succeeded.
  if (q.outcome === 'OK') where.push(sql`coalesce(${bpmAuditLog.outcome}, 'OK') = 'OK'`);
  else if (q.outcome) where.push(eq(bpmAuditLog.outcome, q.outcome));
  if (q.startDate) where.push(gte(bpmAuditLog.createdAt, chinaMidnightSql(q.startDate)));
  if (q.endDate) where.push(lt(bpmAuditLog.createdAt, chinaMidnightSql(q.endDate, 1)));
  return where.length ? and(...where) : undefined;
}

/** The audit trail, newest first (time, then id), with its filters: who, what, when, how it ended. */
export async function listAudit(db: Db, registry: TaskRegistry, q: AuditFilter) {
  const cond = auditWhere(q);
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: bpmAuditLog.id,
        taskId: bpmAuditLog.taskId,
        actorId: bpmAuditLog.actorId,
        actorName: bpmAuditLog.actorName,
        action: bpmAuditLog.action,
        entityType: bpmAuditLog.entityType,
        entityId: bpmAuditLog.entityId,
        before: bpmAuditLog.before,
        after: bpmAuditLog.after,
        comment: bpmAuditLog.comment,
        ip: bpmAuditLog.ip,
        operation: bpmAuditLog.operation,
        operationLabel: bpmAuditLog.operationLabel,
        outcome: bpmAuditLog.outcome,
        detail: bpmAuditLog.detail,
        createdAt: bpmAuditLog.createdAt,
        subject: bpmTasks.subject,
      })
      .from(bpmAuditLog)
      .leftJoin(bpmTasks, eq(bpmTasks.id, bpmAuditLog.taskId))
      .where(cond)
      .orderBy(desc(bpmAuditLog.createdAt), desc(bpmAuditLog.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(bpmAuditLog).where(cond),
  ]);
  return { items: items.map((row) => ({ ...row, ...auditWords(registry, row) })), totalCount: total };
}

/** The trail's filter choices: every operator who has a row, and the audited operations (value → summary). */
export async function auditFilterChoices(db: Db, operations: { value: string; label: string }[]) {
  const operators = await db
    .selectDistinct({ id: userDirectory.id, name: userDirectory.displayName })
    .from(bpmAuditLog)
    .innerJoin(userDirectory, eq(userDirectory.id, bpmAuditLog.actorId))
    .where(and(isNotNull(bpmAuditLog.actorId), eq(userDirectory.authority, 'operator')))
    .orderBy(userDirectory.displayName);
  return { operators, operations };
}

/**
 * The app's audit trail writer (lib/serve.ts calls it after each operator call that wrote no row of
 * its own): one OPERATE row with the call, its target, the body without secrets and the outcome.
 */
export function auditTrail(db: Db): AuditTrail {
  return {
    async record(entry: AuditRecord) {
      await db.insert(bpmAuditLog).values({
        taskId: null,
        actorId: entry.actor.id,
        actorName: entry.actor.name,
        action: 'OPERATE',
        entityType: entry.area,
        entityId: entry.target,
        before: null,
        after: entry.body ?? null,
        comment: entry.message,
        ip: entry.actor.ip ?? null,
        operation: entry.operation,
        operationLabel: entry.operationLabel,
        outcome: entry.outcome,
        detail: entry.detail || null,
      });
    },
  };
}

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
