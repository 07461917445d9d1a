import { TASK_STATES } from '@factoring/domain';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '@factoring/domain/contract';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

export type TaskField = { label: string; value: string };
export type TaskAttachment = { uploadId: number; label: string };

/**
 * The operators' inbox (PRODUCT §11): one generic task per thing to review. A module registers its
 * task type (modules/bpm/registry.ts) and creates tasks with the business record's id in `ref_id`;
 * approving or rejecting calls the type's handler in the same transaction.
 */
export const bpmTasks = pgTable(
  'bpm_tasks',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    /** The id of the business record under review, in the type's own table. */
    refId: text('ref_id').notNull(),
    /** The submitted data as the module stored it. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The submitted data as labelled rows, for the generic detail view. */
    fields: jsonb('fields').$type<TaskField[]>().notNull(),
    attachments: jsonb('attachments').$type<TaskAttachment[]>().notNull(),
    state: text('state', { enum: statesOf(TASK_STATES) })
      .notNull()
      .default('PENDING'),
    assigneeId: integer('assignee_id').references(() => users.id),
    decision: text('decision', { enum: ['APPROVE', 'REJECT'] }),
    reason: text('reason'),
    submittedBy: integer('submitted_by').references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    /**
     * The task whose approval opened this one (set by the inbox when a task is created inside another
     * task's decision, e.g. a disbursement after its approval): the link maker-checker follows.
     */
    followsTaskId: integer('follows_task_id').references((): AnyPgColumn => bpmTasks.id),
    createdAt: timestampNow('created_at'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('bpm_tasks_state_type').on(t.state, t.type, t.id),
    index('bpm_tasks_enterprise').on(t.enterpriseId, t.id),
    index('bpm_tasks_ref').on(t.type, t.refId),
    uniqueIndex('bpm_tasks_one_pending_per_record')
      .on(t.type, t.refId)
      .where(sql`${t.state} = 'PENDING'`),
  ],
);

/**
 * The factor's audit trail (issue 24): every task event and decision (who, when, what, before/after),
 * and every operator action that changes something — recorded by the shared mechanism of
 * lib/serve.ts with the endpoint (`operation`, `operation_label`), the target ids (`entity_id`), the
 * body without secrets (`after`, in words: `detail`) and how it ended (`outcome`, the refusal in
 * `comment`). Append-only: the migration adds a trigger that refuses updates and deletes.
 */
export const bpmAuditLog = pgTable(
  'bpm_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: integer('task_id').references(() => bpmTasks.id),
    actorId: integer('actor_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    comment: text('comment'),
    ip: text('ip'),
    /** The operator call that wrote the row: `POST /api/bpm/tasks/:id/approve` (null: system work, rows before issue 24). */
    operation: text('operation'),
    /** That call's summary in the contract (what was done, in Chinese), as it read then. */
    operationLabel: text('operation_label'),
    /** How the call ended: OK, REFUSED or FAILED (null: written inside a committed change, so OK). */
    outcome: text('outcome', { enum: AUDIT_OUTCOMES }),
    /** The body in words (labelled fields, money in ¥, no secrets). */
    detail: text('detail'),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    index('bpm_audit_log_task').on(t.taskId, t.id),
    index('bpm_audit_log_created').on(t.createdAt, t.id),
    index('bpm_audit_log_actor').on(t.actorId, t.id),
    index('bpm_audit_log_operation').on(t.operation, t.id),
  ],
);
