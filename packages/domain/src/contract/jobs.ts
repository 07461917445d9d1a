import { z } from 'zod';
import { doneSchema, isoDateSchema, optionalTextSchema, pageOf, pageQuerySchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

/** Scheduled jobs in the back office (issue 11): what runs when, and how each run ended. */

/** SKIPPED: the job did nothing by design — switched off (未开启) or no work for that date (issue 37). */
export const JOB_RUN_STATUS_LABELS = { RUNNING: '执行中', SUCCEEDED: '成功', SKIPPED: '跳过', FAILED: '失败' } as const;
export const JOB_TRIGGER_LABELS = { SCHEDULE: '定时', CATCH_UP: '停机补跑', MANUAL: '手动' } as const;

export const jobRunSchema = z.object({
  id: z.number().int(),
  job: z.string(),
  label: z.string(),
  businessDate: z.string(),
  status: z.enum(['RUNNING', 'SUCCEEDED', 'SKIPPED', 'FAILED']),
  trigger: z.enum(['SCHEDULE', 'CATCH_UP', 'MANUAL']),
  /** The node as stored (`host:pid`); `nodeLabel` says it in words (服务器 vm（进程 16016）). */
  node: z.string(),
  nodeLabel: z.string(),
  attempts: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** What the job reported (counts, amounts), as it returned it. */
  result: z.unknown(),
  /** The outcome in plain Chinese, one line per step, money as ¥ amounts (built on the server, jobs/run-notes.ts). */
  notes: z.array(z.string()),
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

export const jobSummarySchema = z.object({
  name: z.string(),
  label: z.string(),
  /** China-time hour from which the day's run is due. */
  hour: z.number().int(),
  /** The latest business date due now. */
  latestDue: z.string(),
  /** The steps a run is made of, in order (the close of business); none for a single-step job. */
  steps: z.array(z.object({ name: z.string(), label: z.string() })),
  lastRun: jobRunSchema.nullable(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

/** What the close of business reports for each of its steps (a run's `result.steps`). */
export const stepOutcomeSchema = z.object({ name: z.string(), label: z.string(), skipped: z.boolean(), summary: z.string() });
export const closeOfBusinessResultSchema = z.object({ steps: z.array(stepOutcomeSchema) });
export type StepOutcome = z.infer<typeof stepOutcomeSchema>;

export const jobOverviewSchema = z.object({
  /** Whether this node runs the schedule (JOBS=on); manual runs work either way. */
  scheduling: z.boolean(),
  node: z.string(),
  jobs: z.array(jobSummarySchema),
});
export type JobOverview = z.infer<typeof jobOverviewSchema>;

export const jobRunListQuery = pageQuerySchema.extend({ job: optionalTextSchema(100, '任务名称') });
export const jobNameParams = z.object({ name: textSchema(100, '任务名称') });
export const runJobBody = z.object({ businessDate: isoDateSchema('业务日期').optional() });

// The operations (issue 23): operators only, in the back office (审批中心 → 定时任务).
const tag = 'bpm';

export const jobsApi = {
  overview: endpoint({
    method: 'GET',
    path: '/api/bpm/jobs',
    tag,
    access: 'operator',
    summary: '定时任务与最近一次执行',
    answer: jobOverviewSchema,
  }),
  runs: endpoint({
    method: 'GET',
    path: '/api/bpm/jobs/runs',
    tag,
    access: 'operator',
    summary: '定时任务执行记录（分页）',
    query: jobRunListQuery,
    answer: pageOf(jobRunSchema),
  }),
  run: endpoint({
    method: 'POST',
    path: '/api/bpm/jobs/:name/run',
    tag,
    access: 'operator',
    summary: '手动执行定时任务（默认最近应执行的业务日期）',
    params: jobNameParams,
    body: runJobBody.optional(),
    answer: doneSchema,
  }),
};
