import { and, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bpmAuditLog, bpmTasks } from '../../db/schema/index.ts';
import { userDirectory } from '../account/index.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { type TaskState } from '@factoring/domain';
import { AUDIT_FIELD_LABELS, currentAuditScope, type AuditRecord, type AuditTrail } from '../../lib/audit-trail.ts';
import type { TaskRegistry } from './registry.ts';
import { chinaMidnightSql } from '../../lib/china-time-sql.ts';
import { labelsOf } from './labels.ts';

type AuditAction = (typeof bpmAuditLog.$inferInsert)['action'];

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

/**
 * What audit rows outside the task types concern (their `entity_type`), in Chinese: settings, and the areas of
 * operator calls. A product's area is named by the product (`LendingProduct.area`, wired in app.ts).
 */
const OTHER_ENTITY_LABELS: Record<string, string> = {
  SITE_CONFIG: '站点配置',
  bpm: '审批中心',
  funds: '资金',
  content: '常见问题',
  system: '站点配置',
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
export const COUNTERSIGNED = '保理方会签';

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
  const entityLabel =
    registry.find(row.entityType)?.label ?? registry.areaLabel(row.entityType) ?? OTHER_ENTITY_LABELS[row.entityType] ?? row.entityType;
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
