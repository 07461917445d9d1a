import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { scheduledJobRuns } from '../db/schema/index.ts';
import * as clock from '../lib/clock.ts';
import type { JobRunRow, JobTrigger } from './scheduler.ts';

/**
 * The job runs as another area reads and records them (issue 35, walls for tables): the scheduler owns
 * `scheduled_job_runs`; a run done outside it (a backup taken by the command) is recorded here, and the
 * last finished run of some jobs is read here, so the table can change with the scheduler alone.
 */

/** Records a finished run done outside the scheduler as the day's run of `job` (a second one that day replaces it). */
export async function recordFinishedRun(
  db: Db,
  run: { job: string; businessDate: string; trigger: JobTrigger; node: string; startedAt: Date; result: unknown },
): Promise<void> {
  const finished = clock.now();
  const row = { ...run, status: 'SUCCEEDED' as const, finishedAt: finished, leaseUntil: finished };
  await db
    .insert(scheduledJobRuns)
    .values(row)
    .onConflictDoUpdate({
      target: [scheduledJobRuns.job, scheduledJobRuns.businessDate],
      set: { ...row, attempts: sql`${scheduledJobRuns.attempts} + 1`, error: null },
    });
}

/**
 * The latest finished run of any of `jobs` with `status`, or undefined; with `resultKey`, only a run whose
 * result records that key.
 */
export async function lastFinishedRun(
  db: Db,
  jobs: readonly string[],
  status: JobRunRow['status'],
  resultKey?: string,
): Promise<JobRunRow | undefined> {
  const [run] = await db
    .select()
    .from(scheduledJobRuns)
    .where(
      and(
        inArray(scheduledJobRuns.job, [...jobs]),
        eq(scheduledJobRuns.status, status),
        isNotNull(scheduledJobRuns.finishedAt),
        resultKey === undefined ? undefined : sql`${scheduledJobRuns.result} ? ${resultKey}`,
      ),
    )
    .orderBy(desc(scheduledJobRuns.finishedAt), desc(scheduledJobRuns.id))
    .limit(1);
  return run;
}
