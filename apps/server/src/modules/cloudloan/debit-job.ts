import { compareIsoDates, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cloudLoanDrawdowns, cloudLoanInstalments, jobRuns } from '../../db/schema/index.ts';
import type { ScheduledJob } from '../../jobs/scheduler.ts';
import { lockAccounts } from '../ledger/post-entry.ts';
import { builtInBanksOnly } from './adapters.ts';
import type { BankAdapters } from './bank-adapter.ts';
import { collectInstalment, dueNowOf, instalmentsOf, markOverdue } from './servicing.ts';
import { now } from '../../lib/clock.ts';

export const CLOUD_LOAN_DEBIT_JOB = 'cloudloan-debits';

export interface CloudLoanDebitResult {
  runDate: IsoDate;
  skipped: boolean;
  /** Instalments collected by this run. */
  debited: number;
  debitedTotal: number;
  /** Instalments left unpaid (overdue) after this run, and their penalty to date. */
  overdue: number;
  penaltyToDate: number;
  settled: number;
}

/**
 * The daily instalment debit for a business date (issue 15). Every unpaid instalment due on or
 * before the date is collected from the enterprise's available funds, oldest first, with penalty
 * interest for the days it is late; when the available balance is short, the instalment (and its
 * loan) is marked overdue with its penalty to date and the loan's later instalments wait behind it.
 * Due dates missed while the server was down are caught up by the next run. Runs once per date:
 * the `job_runs` row is claimed in the same transaction as the work. Each collection is reported to
 * the loan's bank through its adapter (`banks`: the app's registry; the demo seed alone leaves it out).
 */
export async function runCloudLoanDebits(
  db: Db,
  runDate: IsoDate,
  banks: BankAdapters = builtInBanksOnly(),
): Promise<CloudLoanDebitResult> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(jobRuns)
      .values({ job: CLOUD_LOAN_DEBIT_JOB, runDate, result: {} })
      .onConflictDoNothing()
      .returning({ job: jobRuns.job });
    if (!claimed.length) {
      const [previous] = await tx
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, CLOUD_LOAN_DEBIT_JOB), eq(jobRuns.runDate, runDate)));
      return { ...(previous?.result as unknown as CloudLoanDebitResult), runDate, skipped: true };
    }
    const result: CloudLoanDebitResult = { runDate, skipped: false, debited: 0, debitedTotal: 0, overdue: 0, penaltyToDate: 0, settled: 0 };
    const due = await tx
      .selectDistinct({ id: cloudLoanInstalments.drawdownId })
      .from(cloudLoanInstalments)
      .where(and(eq(cloudLoanInstalments.status, 'PENDING'), lte(cloudLoanInstalments.dueDate, runDate)));
    if (due.length) {
      // Loans first in id order, then (inside each posting) the ledger accounts: the order user repayments use.
      const loans = await tx
        .select()
        .from(cloudLoanDrawdowns)
        .where(
          and(
            inArray(
              cloudLoanDrawdowns.id,
              due.map((d) => d.id),
            ),
            ne(cloudLoanDrawdowns.status, 'SETTLED'),
          ),
        )
        .orderBy(asc(cloudLoanDrawdowns.id))
        .for('update');
      for (let loan of loans) {
        const [available] = (await lockAccounts(tx, [{ enterpriseId: loan.enterpriseId, bucket: 'AVAILABLE' }])).values();
        let balance = available.balance;
        for (const i of await instalmentsOf(tx, loan.id)) {
          if (i.status !== 'PENDING' || compareIsoDates(i.dueDate, runDate) > 0) continue;
          const owed = dueNowOf(loan, i, runDate);
          if (balance < owed) {
            await markOverdue(tx, loan, i, runDate);
            result.overdue += 1;
            result.penaltyToDate += owed - i.payment;
            break; // later instalments wait behind the unpaid one
          }
          const paid = await collectInstalment(tx, banks, loan, i, 'AUTO_DEBIT', runDate, null);
          balance -= paid.total;
          result.debited += 1;
          result.debitedTotal += paid.total;
          [loan] = await tx.select().from(cloudLoanDrawdowns).where(eq(cloudLoanDrawdowns.id, loan.id));
          if (loan.status === 'SETTLED') result.settled += 1;
        }
      }
    }
    await tx
      .update(jobRuns)
      .set({ result: result as unknown as Record<string, unknown>, finishedAt: now() })
      .where(and(eq(jobRuns.job, CLOUD_LOAN_DEBIT_JOB), eq(jobRuns.runDate, runDate)));
    return result;
  });
}

/** The daily instalment debit with the app's bank adapters, registered with the scheduler (app.ts SCHEDULED_JOBS). */
export const cloudLoanDebitJob = (banks: BankAdapters): ScheduledJob => ({
  name: CLOUD_LOAN_DEBIT_JOB,
  label: '银行云贷：到期扣款、逾期标记与罚息',
  hour: 2,
  run: (ctx, businessDate) => runCloudLoanDebits(ctx.db, businessDate, banks),
});
