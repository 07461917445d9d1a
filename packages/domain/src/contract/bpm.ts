// The operators' inbox (PRODUCT §11): task types, tasks, decisions and the audit log.
import { z } from 'zod';
import { TASK_STATES } from '../status/task.ts';
import { doneSchema, idParams, idSchema, isoDateSchema, optionalTextSchema, pageOf, pageQuerySchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { timestampSchema } from './time.ts';

/**
 * UPDATE: an operator changed a setting outside a task (site configuration); OPERATE: any other
 * operator action that changes something, recorded by the shared audit trail (issue 24).
 */
export const AUDIT_ACTIONS = ['SUBMIT', 'CLAIM', 'RELEASE', 'APPROVE', 'REJECT', 'UPDATE', 'OPERATE'] as const;
/** How an audited operator call ended (null on rows written inside a committed change: done). */
export const AUDIT_OUTCOMES = ['OK', 'REFUSED', 'FAILED'] as const;
export const AUDIT_OUTCOME_LABELS = { OK: '成功', REFUSED: '被拒绝', FAILED: '失败' } as const;

// Requests ------------------------------------------------------------------------------------------

export const taskListQuery = pageQuerySchema.extend({
  type: optionalTextSchema(40, '任务类型'),
  state: z.enum(TASK_STATES).optional(),
  enterpriseName: optionalTextSchema(100, '企业名称'),
  mine: z.enum(['true', 'false']).optional(),
});
export const approveTaskBody = z.object({ comment: optionalTextSchema(500, '审核意见', { multiline: true }) }).optional();
export const rejectTaskBody = z.object({ reason: textSchema(500, '驳回原因', { min: 2, multiline: true }) });
/** A filter date (China calendar day); an empty string (a cleared field) means no filter. */
const filterDate = (label: string) => z.union([z.literal(''), isoDateSchema(label)]).optional();
/** The audit trail's filters (the list and its Excel export): who, what, when, how it ended. */
export const auditFiltersQuery = z.object({
  taskId: idSchema('任务').optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** Who: the operator's user id. */
  actorId: idSchema('操作人').optional(),
  /** What: the operation (`POST /api/bpm/tasks/:id/approve`), as `auditFilters` lists them. */
  operation: optionalTextSchema(200, '操作'),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  /** When: China dates, both ends included. */
  startDate: filterDate('开始日期'),
  endDate: filterDate('结束日期'),
});
export const auditListQuery = pageQuerySchema.extend(auditFiltersQuery.shape);

// Answers -------------------------------------------------------------------------------------------

const decisionLabelsSchema = z.object({ approve: z.string(), reject: z.string() });

/** Each type with its label; `executes`: the approving type whose decider may not decide this one (maker-checker). */
export const taskTypesSchema = z.array(
  z.object({ type: z.string(), label: z.string(), executes: z.string().optional(), decisionLabels: decisionLabelsSchema.optional() }),
);

export const taskListItemSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  typeLabel: z.string(),
  subject: z.string(),
  enterpriseId: z.number().int().nullable(),
  enterpriseName: z.string().nullable(),
  refId: z.string(),
  state: z.enum(TASK_STATES),
  stateLabel: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  decision: z.enum(['APPROVE', 'REJECT']).nullable(),
  reason: z.string().nullable(),
  decidedByName: z.string().nullable(),
  createdAt: timestampSchema,
  decidedAt: timestampSchema.nullable(),
});
export const taskPageSchema = pageOf(taskListItemSchema);

const historyItem = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  actorName: z.string(),
  comment: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: timestampSchema,
});

export const taskDetailSchema = taskListItemSchema.extend({
  data: z.record(z.string(), z.unknown()),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  attachments: z.array(
    z.object({
      uploadId: z.number().int(),
      label: z.string(),
      file: z.object({ id: z.number().int(), originalName: z.string(), mimeType: z.string(), size: z.number().int() }).nullable(),
    }),
  ),
  submittedByName: z.string().nullable(),
  /** The type's words for its decisions where 通过 / 驳回 would mislead (a pay-out: 已出款 / 出款失败). */
  decisionLabels: decisionLabelsSchema.nullable(),
  /** Live facts about the record, read when the task is opened (e.g. whether the contract is signed). */
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  /**
   * Maker-checker for the operator asking: the step this task executes and who decided it, and why
   * this operator may not decide the task (null when they may). Null when no four-eyes rule applies.
   */
  fourEyes: z
    .object({ stepLabel: z.string().nullable(), decidedByName: z.string().nullable(), blockedReason: z.string().nullable() })
    .nullable(),
  history: z.array(historyItem),
});

/** The operator's home page: pending queues by type (oldest first), the oldest task, today's disbursements and pay-outs. */
export const operatorOverviewSchema = z.object({
  queues: z.array(z.object({ type: z.string(), label: z.string(), count: z.number().int(), oldestAt: timestampSchema.nullable() })),
  oldest: z
    .object({
      id: z.number().int(),
      type: z.string(),
      typeLabel: z.string(),
      subject: z.string(),
      enterpriseName: z.string().nullable(),
      createdAt: timestampSchema,
    })
    .nullable(),
  today: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      typeLabel: z.string(),
      subject: z.string(),
      executed: z.boolean(),
      stateLabel: z.string(),
      decidedAt: timestampSchema,
    }),
  ),
});

export const taskDecisionSchema = z.object({ id: z.number().int(), state: z.enum(TASK_STATES), stateLabel: z.string() });

export const auditItemSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  comment: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: timestampSchema,
  /** What was done in words of its own (计提风险准备金), where the action's word (修改配置) would not say it; else null. */
  actionLabel: z.string().nullable(),
  /** What the row concerns in Chinese (the task type's label, 站点配置…), the task's subject, and the change in words. */
  entityLabel: z.string(),
  subject: z.string().nullable(),
  summary: z.string(),
  actorId: z.number().int().nullable(),
  /** The operator call (`POST /api/bpm/funds/deposit`) and what it is (its summary); null for rows before the audit trail. */
  operation: z.string().nullable(),
  operationLabel: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES).nullable(),
  /** The request's fields in words (money in ¥, never passwords or keys). */
  detail: z.string().nullable(),
});
export const auditPageSchema = pageOf(auditItemSchema);

/** The trail's filter choices: the operators who acted, and every audited operation with its summary. */
export const auditFiltersSchema = z.object({
  operators: z.array(z.object({ id: z.number().int(), name: z.string() })),
  operations: z.array(z.object({ value: z.string(), label: z.string() })),
});

// The operations (issue 23): every one needs the operator authority (401 logged out, 403 for enterprise users).

const tag = 'bpm';

export const bpmApi = {
  taskTypes: endpoint({
    method: 'GET',
    path: '/api/bpm/taskTypes',
    tag,
    access: 'operator',
    summary: '任务类型',
    answer: taskTypesSchema,
  }),
  overview: endpoint({
    method: 'GET',
    path: '/api/bpm/overview',
    tag,
    access: 'operator',
    summary: '运营首页：各类待办、最久等待、今日放款与出款',
    answer: operatorOverviewSchema,
  }),
  tasks: endpoint({
    method: 'GET',
    path: '/api/bpm/tasks',
    tag,
    access: 'operator',
    summary: '审批任务列表',
    query: taskListQuery,
    answer: taskPageSchema,
  }),
  task: endpoint({
    method: 'GET',
    path: '/api/bpm/tasks/:id',
    tag,
    access: 'operator',
    summary: '任务详情（提交数据、附件、处理历史）',
    params: idParams,
    answer: taskDetailSchema,
  }),
  claim: endpoint({
    method: 'POST',
    path: '/api/bpm/tasks/:id/claim',
    tag,
    access: 'operator',
    summary: '领取任务',
    params: idParams,
    answer: doneSchema,
  }),
  release: endpoint({
    method: 'POST',
    path: '/api/bpm/tasks/:id/release',
    tag,
    access: 'operator',
    summary: '退回任务池',
    params: idParams,
    answer: doneSchema,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/bpm/tasks/:id/approve',
    tag,
    access: 'operator',
    summary: '审核通过',
    params: idParams,
    body: approveTaskBody,
    answer: taskDecisionSchema,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/bpm/tasks/:id/reject',
    tag,
    access: 'operator',
    summary: '驳回（须填写原因）',
    params: idParams,
    body: rejectTaskBody,
    answer: taskDecisionSchema,
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/bpm/audit',
    tag,
    access: 'operator',
    summary: '审计日志：运营人员的每一次变更操作（最新在前，可按操作人、操作、日期筛选）',
    query: auditListQuery,
    answer: auditPageSchema,
  }),
  auditFilters: endpoint({
    method: 'GET',
    path: '/api/bpm/audit/filters',
    tag,
    access: 'operator',
    summary: '审计日志的筛选项：操作人与操作',
    answer: auditFiltersSchema,
  }),
};
