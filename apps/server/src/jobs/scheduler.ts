import { hostname } from 'node:os';
import { addDays, chinaDate, chinaHour, type IsoDate } from '@factoring/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { scheduledJobRuns } from '../db/schema/index.ts';
import * as clock from '../lib/clock.ts';

/** What a job gets when it runs. */
export interface JobContext {
  db: Db;
  /** host:pid of the node running it. */
  node: string;
  log: JobLogger;
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * A piece of scheduled work (issue 11). An area exports its jobs as values; app.ts passes the list
 * to `buildApp`. The scheduler runs each job once per business date (China time) at `hour`, on one
 * node of however many run, catches up missed dates after downtime, and retries a failure.
 * `run` must be safe to repeat for the same date (a retry after a crash mid-run repeats it).
 */
export interface ScheduledJob {
  /** Stable key, stored with every run: `supplyloan-daily`, `pledge-margin-calls` … */
  name: string;
  /** What operators read in the back office (Chinese). */
  label: string;
  /** China-time hour (0–23) from which the day's run is due; overridable with JOB_HOURS. */
  hour: number;
  /** The steps a run is made of, in order (the close of business), shown in 定时任务. */
  steps?: readonly { name: string; label: string }[];
  /** Other run names its area records with the scheduled runs (a backup taken by the command), with their labels. */
  alsoRecords?: readonly { name: string; label: string }[];
  run(ctx: JobContext, businessDate: IsoDate): Promise<unknown>;
}

/**
 * What a job answers when it did nothing by design (issue 37): switched off (定时备份未开启), or no work
 * for that date. The run is recorded as SKIPPED (跳过) with `summary` as its note — never as a success —
 * and, like a success, it is not run again for that date.
 */
export class SkippedRun {
  constructor(
    readonly summary: string,
    readonly detail: Record<string, unknown> = {},
  ) {}
}
/** `return skipRun('定时备份未开启')` from a job's `run`: recorded as 跳过, not 成功. */
export const skipRun = (summary: string, detail?: Record<string, unknown>) => new SkippedRun(summary, detail);

/** A run's end that counts as done for its date: it succeeded or was skipped by design. */
export const DONE_RUN_STATUSES = ['SUCCEEDED', 'SKIPPED'] as const;

export type JobTrigger = 'SCHEDULE' | 'CATCH_UP' | 'MANUAL';
export type JobRunRow = typeof scheduledJobRuns.$inferSelect;

export interface SchedulerOptions {
  db: Db;
  jobs: readonly ScheduledJob[];
  log: JobLogger;
  /** `name=hour,…` overrides of the jobs' hours (config JOB_HOURS). */
  hours?: Record<string, number>;
  /** How often to look for due work. */
  tickMs?: number;
  /** After downtime, missed business dates are run for at most this many days back. */
  catchUpDays?: number;
  /** A RUNNING row older than this (not renewed) is taken to belong to a dead node. */
  leaseMs?: number;
  /** A failed run is retried after this long, up to `maxAttempts`. */
  retryAfterMs?: number;
  maxAttempts?: number;
  now?: () => Date;
}

export type RunOutcome =
  | { outcome: 'ran'; run: JobRunRow }
  | { outcome: 'failed'; run: JobRunRow }
  | { outcome: 'skipped'; reason: 'done' | 'running' | 'waiting-retry' | 'gave-up'; run: JobRunRow | undefined };

const nodeName = () => `${hostname()}:${process.pid}`;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/** Parses `supplyloan-daily=1,pledge-margin-calls=9` into hours; a bad entry is a configuration error. */
export function parseJobHours(text: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([\w.-]+)=(\d{1,2})$/.exec(part);
    if (!m || Number(m[2]) > 23) throw new Error(`JOB_HOURS: "${part}" should be name=hour (0–23)`);
    out[m[1]] = Number(m[2]);
  }
  return out;
}

export function createScheduler(opts: SchedulerOptions) {
  const { db, jobs, log } = opts;
  const node = nodeName();
  const now = opts.now ?? clock.now;
  const tickMs = opts.tickMs ?? 60_000;
  const catchUpDays = opts.catchUpDays ?? 7;
  const leaseMs = opts.leaseMs ?? 15 * 60_000;
  const retryAfterMs = opts.retryAfterMs ?? 10 * 60_000;
  const maxAttempts = opts.maxAttempts ?? 3;
  const byName = new Map(jobs.map((j) => [j.name, j]));
  if (byName.size !== jobs.length) throw new Error('scheduled jobs must have distinct names');
  const hourOf = (job: ScheduledJob) => opts.hours?.[job.name] ?? job.hour;
  const busy = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;

  /** The latest business date whose run is due now: today once its hour has come, else yesterday. */
  const latestDue = (job: ScheduledJob, at = now()): IsoDate => (chinaHour(at) >= hourOf(job) ? chinaDate(at) : addDays(chinaDate(at), -1));

  /**
   * Takes the (job, date) row for this node: a new row, a failed one due for a retry (or any failed
   * one when an operator asks), or a RUNNING one whose lease has passed. One statement, so two nodes
   * racing for the same row cannot both win.
   */
  async function claim(job: ScheduledJob, businessDate: IsoDate, trigger: JobTrigger): Promise<JobRunRow | undefined> {
    const lease = new Date(now().getTime() + leaseMs);
    const retryBefore = new Date(now().getTime() - retryAfterMs);
    const manual = trigger === 'MANUAL';
    const [row] = await db
      .insert(scheduledJobRuns)
      .values({ job: job.name, businessDate, status: 'RUNNING', trigger, node, leaseUntil: lease, startedAt: now() })
      .onConflictDoUpdate({
        target: [scheduledJobRuns.job, scheduledJobRuns.businessDate],
        set: {
          status: 'RUNNING',
          trigger,
          node,
          attempts: sql`${scheduledJobRuns.attempts} + 1`,
          startedAt: now(),
          finishedAt: null,
          leaseUntil: lease,
          error: null,
        },
        setWhere: manual
          ? sql`${scheduledJobRuns.status} = 'FAILED' or (${scheduledJobRuns.status} = 'RUNNING' and ${scheduledJobRuns.leaseUntil} < ${now()})`
          : sql`(${scheduledJobRuns.status} = 'FAILED' and ${scheduledJobRuns.attempts} < ${maxAttempts} and ${scheduledJobRuns.finishedAt} < ${retryBefore})
             or (${scheduledJobRuns.status} = 'RUNNING' and ${scheduledJobRuns.leaseUntil} < ${now()})`,
      })
      .returning();
    return row;
  }

  async function existing(job: ScheduledJob, businessDate: IsoDate) {
    const [row] = await db
      .select()
      .from(scheduledJobRuns)
      .where(and(eq(scheduledJobRuns.job, job.name), eq(scheduledJobRuns.businessDate, businessDate)));
    return row;
  }

  /** Runs one job for one date unless another node has it or it is done; records the outcome. */
  async function runOnce(job: ScheduledJob, businessDate: IsoDate, trigger: JobTrigger): Promise<RunOutcome> {
    const claimed = await claim(job, businessDate, trigger);
    if (!claimed) {
      const row = await existing(job, businessDate);
      const reason =
        row?.status === 'SUCCEEDED' || row?.status === 'SKIPPED'
          ? 'done'
          : row?.status === 'RUNNING'
            ? 'running'
            : row && row.attempts >= maxAttempts
              ? 'gave-up'
              : 'waiting-retry';
      return { outcome: 'skipped', reason, run: row };
    }
    const renew = setInterval(() => {
      db.update(scheduledJobRuns)
        .set({ leaseUntil: new Date(now().getTime() + leaseMs) })
        .where(and(eq(scheduledJobRuns.id, claimed.id), eq(scheduledJobRuns.node, node), eq(scheduledJobRuns.status, 'RUNNING')))
        .catch(() => undefined);
    }, leaseMs / 3);
    renew.unref();
    const elapsedMs = clock.stopwatch();
    try {
      const result = await job.run({ db, node, log }, businessDate);
      const skipped = result instanceof SkippedRun;
      const [run] = await db
        .update(scheduledJobRuns)
        .set({
          status: skipped ? 'SKIPPED' : 'SUCCEEDED',
          finishedAt: now(),
          result: (skipped ? { ...result.detail, summary: result.summary } : (result ?? null)) as unknown,
        })
        .where(eq(scheduledJobRuns.id, claimed.id))
        .returning();
      log.info({ job: job.name, businessDate, trigger, ms: elapsedMs() }, 'scheduled job done');
      return { outcome: 'ran', run };
    } catch (err) {
      const [run] = await db
        .update(scheduledJobRuns)
        .set({ status: 'FAILED', finishedAt: now(), error: errorText(err) })
        .where(eq(scheduledJobRuns.id, claimed.id))
        .returning();
      log.error({ job: job.name, businessDate, trigger, err }, 'scheduled job failed');
      return { outcome: 'failed', run };
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * Every due date of a job not yet done, oldest first: the latest due date, and after downtime the
   * dates since the last success (at most `catchUpDays`). Stops at a failure so dates stay in order.
   */
  async function runDue(job: ScheduledJob): Promise<RunOutcome[]> {
    if (busy.has(job.name)) return [];
    busy.add(job.name);
    try {
      const latest = latestDue(job);
      const [last] = await db
        .select({ businessDate: scheduledJobRuns.businessDate })
        .from(scheduledJobRuns)
        .where(and(eq(scheduledJobRuns.job, job.name), inArray(scheduledJobRuns.status, [...DONE_RUN_STATUSES])))
        .orderBy(desc(scheduledJobRuns.businessDate))
        .limit(1);
      if (last && last.businessDate >= latest) return [];
      const dates: IsoDate[] = [];
      if (last) {
        for (let d = addDays(last.businessDate, 1); d <= latest; d = addDays(d, 1)) dates.push(d);
      } else {
        dates.push(latest);
      }
      const outcomes: RunOutcome[] = [];
      for (const date of dates.slice(-catchUpDays)) {
        const r = await runOnce(job, date, date === latest ? 'SCHEDULE' : 'CATCH_UP');
        outcomes.push(r);
        if (r.outcome === 'failed' || (r.outcome === 'skipped' && r.reason !== 'done')) break;
      }
      return outcomes;
    } finally {
      busy.delete(job.name);
    }
  }

  async function tick() {
    for (const job of jobs) {
      try {
        await runDue(job);
      } catch (err) {
        // The database may be briefly away; the next tick tries again.
        log.error({ job: job.name, err }, 'scheduler tick failed');
      }
    }
  }

  return {
    jobs,
    node,
    hourOf,
    latestDue,
    runDue,
    /** Runs every job's due dates now (what each tick does). */
    async runAllDue(): Promise<void> {
      await tick();
    },
    /**
     * THE rule for a run asked by hand — the back office, the local control route and `npm run
     * jobs:daily` all ask it (issue 33): a business date whose run is not yet due (after today in
     * China time, or today before the job's hour) is refused with this message; undefined when it may
     * run. The close of business of a day that has not come would debit instalments and expire
     * credit lines early.
     */
    notYetDue(job: ScheduledJob, businessDate: IsoDate): string | undefined {
      const latest = latestDue(job);
      if (businessDate <= latest) return undefined;
      return `业务日期 ${businessDate} 尚未到执行时间：最近可执行的业务日期为 ${latest}（中国时间，每日 ${hourOf(job)} 时起可执行当日），不能提前执行`;
    },
    /** An operator's or a command's run of one job for one date (default: the latest due date). */
    async runNow(name: string, businessDate?: IsoDate): Promise<RunOutcome> {
      const job = byName.get(name);
      if (!job) throw new Error(`unknown job ${name}`);
      return runOnce(job, businessDate ?? latestDue(job), 'MANUAL');
    },
    start() {
      if (timer) return;
      const loop = () => {
        if (!timer) return;
        ticking = tick().finally(() => {
          ticking = undefined;
        });
      };
      // First tick right away (catch-up after downtime), then every tickMs.
      setImmediate(loop);
      timer = setInterval(() => {
        if (!ticking) loop();
      }, tickMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await ticking;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
