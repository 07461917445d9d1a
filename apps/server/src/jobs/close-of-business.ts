import type { IsoDate } from '@factoring/domain';
import type { StepOutcome } from '@factoring/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';
import { inTransaction } from '../db/transaction.ts';
import type { ScheduledJob } from './scheduler.ts';
import { now } from '../lib/clock.ts';

/**
 * One step of the close of business (issue 22): what a lending product does at the end of a business
 * day — mark overdue, accrue penalty, debit instalments, default unmet margin calls, expire lines.
 * Its work for a date runs in one transaction, so a step is either done for that date or not at all.
 */
export interface CloseOfBusinessStep<R extends object = object> {
  /** Stable key: the step's claim for a date is the `job_runs` row (name, date). */
  name: string;
  /** What operators read in 定时任务 (Chinese). */
  label: string;
  run(tx: Tx, businessDate: IsoDate): Promise<R>;
  /** The outcome in one Chinese sentence, from what `run` answered. */
  summary(result: R): string;
}

export type StepResult<R extends object> = R & { runDate: IsoDate; skipped: boolean };

/** What the close of business reports per step (stored with the scheduler's run, shown in 定时任务). */
export type { StepOutcome };

/**
 * The one claim of the close of business: a step runs once per business date. The `job_runs` row is
 * claimed in the same transaction as the step's work, so a second run of the date — sequential,
 * concurrent, on another node, or the retry of a failed run — answers the first run's result with
 * `skipped: true` and changes nothing.
 */
export async function runStep<R extends object>(db: Db, step: CloseOfBusinessStep<R>, businessDate: IsoDate): Promise<StepResult<R>> {
  return inTransaction(db, async (tx) => {
    const claimed = await tx
      .insert(jobRuns)
      .values({ job: step.name, runDate: businessDate, result: {} })
      .onConflictDoNothing()
      .returning({ job: jobRuns.job });
    if (!claimed.length) {
      const [previous] = await tx
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, step.name), eq(jobRuns.runDate, businessDate)));
      return { ...(previous?.result as R), runDate: businessDate, skipped: true };
    }
    const result: StepResult<R> = { ...(await step.run(tx, businessDate)), runDate: businessDate, skipped: false };
    await tx
      .update(jobRuns)
      .set({ result: result as Record<string, unknown>, finishedAt: now() })
      .where(and(eq(jobRuns.job, step.name), eq(jobRuns.runDate, businessDate)));
    return result;
  });
}

export const CLOSE_OF_BUSINESS_JOB = 'close-of-business';

/**
 * The close of business as the scheduler runs it (01:00 China time by default; `JOB_HOURS` to change):
 * the steps in their order, each claimed for the date by `runStep`. A failing step fails the run;
 * the scheduler retries it later, and the steps already done answer `skipped`.
 */
export function closeOfBusinessJob(steps: readonly CloseOfBusinessStep[]): ScheduledJob {
  if (new Set(steps.map((s) => s.name)).size !== steps.length) throw new Error('close-of-business steps must have distinct names');
  return {
    name: CLOSE_OF_BUSINESS_JOB,
    label: '日终批处理',
    hour: 1,
    steps: steps.map((s) => ({ name: s.name, label: s.label })),
    async run(ctx, businessDate) {
      const outcomes: StepOutcome[] = [];
      for (const step of steps) {
        const result = await runStep(ctx.db, step, businessDate);
        outcomes.push({ name: step.name, label: step.label, skipped: result.skipped, summary: step.summary(result) });
      }
      return { steps: outcomes };
    },
  };
}
