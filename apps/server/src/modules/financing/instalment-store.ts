import { instalmentLifecycle, type InstalmentStatus, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray, lte, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loanInstalments } from '../../db/schema/index.ts';
import { transition } from '../../lib/transition.ts';
import { overdueSql } from './overdue.ts';

/** One instalment of a booked plan (the lending core's loan_instalments). */
export type Instalment = typeof loanInstalments.$inferSelect;

/** A row of the plan as the schedule (the domain's `buildSchedule`, a bank's `querySchedule`) states it. */
export interface PlannedInstalment {
  period: number;
  dueDate: string;
  payment: number;
  principal: number;
  interest: number;
  remaining: number;
}

/**
 * The lending core's store of booked plans (issue 35): the schedule kind of the one loan. A product repaid
 * by instalments books its plan here under its line code and its loan's id, and reads, settles and marks
 * the rows through it; the accrual, penalty and allocation of each row are the domain's (loan-schedule.ts).
 * It takes no lock of its own: every write runs for a loan row its product holds locked.
 */
export function instalmentStore(product: string) {
  const ofProduct = eq(loanInstalments.product, product);

  /** Books a loan's plan, row for row. */
  async function book(tx: Tx, loan: { id: number; enterpriseId: number }, rows: readonly PlannedInstalment[]) {
    await tx.insert(loanInstalments).values(rows.map((r) => ({ ...r, product, loanId: loan.id, enterpriseId: loan.enterpriseId })));
  }

  /** One loan's plan, by period. */
  async function planOf(db: Db | Tx, loanId: number): Promise<Instalment[]> {
    return db
      .select()
      .from(loanInstalments)
      .where(and(ofProduct, eq(loanInstalments.loanId, loanId)))
      .orderBy(asc(loanInstalments.period));
  }

  /** The plans of several loans (one query), each by period. */
  async function plansOf(db: Db | Tx, loanIds: readonly number[]): Promise<Map<number, Instalment[]>> {
    const plans = new Map<number, Instalment[]>(loanIds.map((id) => [id, []]));
    if (!loanIds.length) return plans;
    const rows = await db
      .select()
      .from(loanInstalments)
      .where(and(ofProduct, inArray(loanInstalments.loanId, [...loanIds])))
      .orderBy(asc(loanInstalments.loanId), asc(loanInstalments.period));
    for (const r of rows) plans.get(r.loanId)!.push(r);
    return plans;
  }

  /** Each loan's oldest unpaid instalment (one query). */
  async function nextDue(db: Db | Tx, loanIds: readonly number[]) {
    if (!loanIds.length) return new Map<number, { dueDate: string; payment: number }>();
    const rows = await db
      .selectDistinctOn([loanInstalments.loanId], {
        loanId: loanInstalments.loanId,
        dueDate: loanInstalments.dueDate,
        payment: loanInstalments.payment,
      })
      .from(loanInstalments)
      .where(and(ofProduct, inArray(loanInstalments.loanId, [...loanIds]), eq(loanInstalments.status, 'PENDING')))
      .orderBy(loanInstalments.loanId, asc(loanInstalments.period));
    return new Map(rows.map((r) => [r.loanId, r]));
  }

  /** The loans with an unpaid instalment due on or before `date`. */
  async function loansDue(db: Db | Tx, date: IsoDate): Promise<number[]> {
    const rows = await db
      .selectDistinct({ loanId: loanInstalments.loanId })
      .from(loanInstalments)
      .where(and(ofProduct, eq(loanInstalments.status, 'PENDING'), lte(loanInstalments.dueDate, date)));
    return rows.map((r) => r.loanId);
  }

  /** Closes an unpaid instalment: PAID (or CLOSED when the loan was paid off before it fell due), with the penalty it took. */
  function settle(
    tx: Tx,
    i: { id: number; status: string },
    to: Exclude<InstalmentStatus, 'PENDING'>,
    done: { paidAt: IsoDate; penaltyToDate: number; penaltyAsOf: IsoDate },
  ): Promise<Instalment> {
    return transition(tx, loanInstalments, instalmentLifecycle, i, to, done);
  }

  /** Marks an unpaid instalment overdue with its penalty to `asOf` (the close of business, when a debit fell short). */
  async function markOverdue(tx: Tx, id: number, penaltyToDate: number, asOf: IsoDate) {
    await tx
      .update(loanInstalments)
      .set({ overdue: true, penaltyToDate, penaltyAsOf: asOf })
      .where(and(eq(loanInstalments.id, id), eq(loanInstalments.status, 'PENDING')));
  }

  /** The interest the plans of the given loans (a subquery of their ids) fix, summed. */
  async function plannedInterest(db: Db | Tx, loanIds: SQLWrapper): Promise<number> {
    const [row] = await db
      .select({ interest: sql<string>`coalesce(sum(${loanInstalments.interest}), 0)` })
      .from(loanInstalments)
      .where(and(ofProduct, inArray(loanInstalments.loanId, loanIds)));
    return Number(row.interest);
  }

  /** SQL for a query of the product's loans: the loan (its id column) has an instalment unpaid past its due date on `today`. */
  const loanOverdueSql = (loanId: AnyColumn, today: IsoDate): SQL<boolean> =>
    sql<boolean>`exists (select 1 from ${loanInstalments} where ${ofProduct} and ${loanInstalments.loanId} = ${loanId} and ${loanInstalments.status} = 'PENDING' and ${overdueSql(loanInstalments.dueDate, today)})`;

  /** Whether the enterprise has an instalment of this product unpaid past its due date on `today` (its arrears). */
  async function inArrears(db: Db | Tx, enterpriseId: number, today: IsoDate): Promise<boolean> {
    const [late] = await db
      .select({ id: loanInstalments.id })
      .from(loanInstalments)
      .where(
        and(
          eq(loanInstalments.enterpriseId, enterpriseId),
          ofProduct,
          eq(loanInstalments.status, 'PENDING'),
          overdueSql(loanInstalments.dueDate, today),
        ),
      )
      .limit(1);
    return late !== undefined;
  }

  return { book, planOf, plansOf, nextDue, loansDue, settle, markOverdue, plannedInterest, loanOverdueSql, inArrears };
}
