import { jobsApi as api, type JobRun } from '@factoring/domain/contract';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import { scheduledJobRuns } from '../db/schema/index.ts';
import { BusinessError, ok, page } from '../lib/envelope.ts';
import { serve } from '../lib/serve.ts';
import { nodeLabel, runNotes } from './run-notes.ts';
import type { JobRunRow, RunOutcome, Scheduler } from './scheduler.ts';

export function toJobRun(row: JobRunRow, labels: Map<string, string>): JobRun {
  return {
    id: row.id,
    job: row.job,
    label: labels.get(row.job) ?? row.job,
    businessDate: row.businessDate,
    status: row.status,
    trigger: row.trigger,
    node: row.node,
    nodeLabel: nodeLabel(row.node),
    attempts: row.attempts,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    result: row.result ?? null,
    notes: runNotes(row.result),
    error: row.error,
  };
}

/** What an operator reads after asking for a run. */
export function outcomeMessage(r: RunOutcome, businessDate: string): string {
  if (r.outcome === 'ran' && r.run.status === 'SKIPPED') return `${businessDate} 已跳过：${runNotes(r.run.result).join('；')}`;
  if (r.outcome === 'ran') return `${businessDate} 已执行完成`;
  if (r.outcome === 'failed') return `${businessDate} 执行失败：${r.run.error ?? ''}`;
  if (r.reason === 'done') return `${businessDate} 已执行过，本次未重复执行`;
  if (r.reason === 'running') return `${businessDate} 正在执行中（${r.run ? nodeLabel(r.run.node) : '另一服务器'}），请稍后查看结果`;
  return `${businessDate} 暂不能执行`;
}

async function listRuns(db: Db, labels: Map<string, string>, q: { page: number; size: number; job?: string }) {
  const where = q.job ? eq(scheduledJobRuns.job, q.job) : undefined;
  const rows = await db
    .select()
    .from(scheduledJobRuns)
    .where(where)
    .orderBy(desc(scheduledJobRuns.startedAt), desc(scheduledJobRuns.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await db.select({ n: count() }).from(scheduledJobRuns).where(where);
  return { items: rows.map((r) => toJobRun(r, labels)), totalCount: Number(n) };
}

/**
 * Scheduled jobs in the back office (operators only): the jobs with their hour and last run, the
 * run history, and a manual run of one job for a date.
 */
export const jobRoutes: FastifyPluginAsyncZod<{ db: Db; scheduler: Scheduler; scheduling: boolean }> = async (
  app,
  { db, scheduler, scheduling },
) => {
  const labels = new Map(
    scheduler.jobs.flatMap((j) => [[j.name, j.label] as const, ...(j.alsoRecords ?? []).map((r) => [r.name, r.label] as const)]),
  );

  serve(app, api.overview, async () => {
    const names = scheduler.jobs.map((j) => j.name);
    const last = new Map<string, JobRunRow>();
    if (names.length) {
      const rows = await db
        .selectDistinctOn([scheduledJobRuns.job])
        .from(scheduledJobRuns)
        .where(inArray(scheduledJobRuns.job, names))
        .orderBy(scheduledJobRuns.job, desc(scheduledJobRuns.businessDate), desc(scheduledJobRuns.id));
      for (const r of rows) last.set(r.job, r);
    }
    return ok({
      scheduling,
      node: scheduler.node,
      jobs: scheduler.jobs.map((j) => {
        const run = last.get(j.name);
        return {
          name: j.name,
          label: j.label,
          hour: scheduler.hourOf(j),
          latestDue: scheduler.latestDue(j),
          steps: [...(j.steps ?? [])],
          lastRun: run ? toJobRun(run, labels) : null,
        };
      }),
    });
  });

  serve(app, api.runs, async (request) => {
    const r = await listRuns(db, labels, request.query);
    return page(r.items, r.totalCount);
  });

  serve(app, api.run, async (request) => {
    const job = scheduler.jobs.find((j) => j.name === request.params.name);
    if (!job) throw new BusinessError(`定时任务不存在：${request.params.name}`);
    const businessDate = request.body?.businessDate ?? scheduler.latestDue(job);
    const notDue = scheduler.notYetDue(job, businessDate);
    if (notDue) throw new BusinessError(notDue);
    const r = await scheduler.runNow(job.name, businessDate);
    if (r.outcome === 'failed') throw new BusinessError(outcomeMessage(r, businessDate));
    return ok(outcomeMessage(r, businessDate));
  });
};
