import type { IsoDate } from '@factoring/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { financings, financingTranches, jobRuns } from '../db/schema/index.ts';
import { expireCreditLines } from '../modules/credit/credit-lines.ts';
import { owedOn } from '../modules/supplyloan/pricing.ts';
import { stateOf } from '../modules/supplyloan/quote.ts';
import { recordEvent, SYSTEM } from '../modules/supplyloan/store.ts';
import type { ScheduledJob } from './scheduler.ts';
import { now } from '../lib/clock.ts';

export const DAILY_JOB = 'supplyloan-daily';

export interface DailyResult {
  runDate: IsoDate;
  skipped: boolean;
  newlyOverdue: number;
  overdueTranches: number;
  penaltyToDate: number;
  expiredCreditLines: number;
}

/**
 * The daily job for a business date: marks tranches (and their financings) overdue once their due
 * date has passed with principal outstanding, brings their penalty interest up to the date, and
 * expires credit lines past their expiry. Runs once per date: the `job_runs` row is claimed in the
 * same transaction as the work, so a second run of the same date (or a concurrent one) does nothing.
 * The penalty figure is recomputed from dates, never incremented, so it cannot be counted twice.
 */
export async function runDailyJob(db: Db, runDate: IsoDate): Promise<DailyResult> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(jobRuns)
      .values({ job: DAILY_JOB, runDate, result: {} })
      .onConflictDoNothing()
      .returning({ job: jobRuns.job });
    if (!claimed.length) {
      const [previous] = await tx
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, DAILY_JOB), eq(jobRuns.runDate, runDate)));
      return { ...(previous?.result as unknown as DailyResult), runDate, skipped: true };
    }
    // Financings first, then their tranches: the lock order repayments use, so the job never deadlocks with one.
    const dueWhere = and(
      eq(financingTranches.status, 'DISBURSED'),
      sql`${financingTranches.dueDate} < ${runDate}`,
      sql`${financingTranches.outstanding} > 0`,
    );
    const candidates = await tx.selectDistinct({ id: financingTranches.financingId }).from(financingTranches).where(dueWhere);
    if (candidates.length) {
      await tx
        .select({ id: financings.id })
        .from(financings)
        .where(
          inArray(
            financings.id,
            candidates.map((c) => c.id),
          ),
        )
        .orderBy(financings.id)
        .for('update');
    }
    const due = await tx
      .select({ t: financingTranches, f: financings })
      .from(financingTranches)
      .innerJoin(financings, eq(financings.id, financingTranches.financingId))
      .where(dueWhere)
      .orderBy(financingTranches.financingId, financingTranches.id)
      .for('update', { of: financingTranches });
    let newlyOverdue = 0;
    let penaltyToDate = 0;
    const newlyOverdueFinancings = new Map<number, string>();
    for (const { t, f } of due) {
      const owed = owedOn(stateOf(f, t), runDate);
      penaltyToDate += owed.penalty;
      if (!t.overdue) {
        newlyOverdue += 1;
        newlyOverdueFinancings.set(f.id, t.dueDate!);
      }
      await tx
        .update(financingTranches)
        .set({ overdue: true, penaltyToDate: owed.penalty, penaltyAsOf: runDate })
        .where(eq(financingTranches.id, t.id));
    }
    const ids = [...new Set(due.map((d) => d.f.id))];
    if (ids.length) await tx.update(financings).set({ overdue: true, updatedAt: now() }).where(inArray(financings.id, ids));
    for (const [financingId, dueDate] of newlyOverdueFinancings) {
      await recordEvent(tx, financingId, SYSTEM, '逾期', `到期日 ${dueDate} 未足额还款，自 ${dueDate} 起按罚息利率计收罚息`);
    }
    const expiredCreditLines = await expireCreditLines(tx, runDate);
    const result: DailyResult = { runDate, skipped: false, newlyOverdue, overdueTranches: due.length, penaltyToDate, expiredCreditLines };
    await tx
      .update(jobRuns)
      .set({ result: result as unknown as Record<string, unknown>, finishedAt: now() })
      .where(and(eq(jobRuns.job, DAILY_JOB), eq(jobRuns.runDate, runDate)));
    return result;
  });
}

/** The daily job as the scheduler runs it (01:00 China time by default, JOB_HOURS to change). */
export const dailyJob: ScheduledJob = {
  name: DAILY_JOB,
  label: '日终任务：逾期标记、罚息计提、授信到期',
  hour: 1,
  run: (ctx, businessDate) => runDailyJob(ctx.db, businessDate),
};
