import type { Lifecycle } from '@factoring/domain';
import { and, asc, eq, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { loanEvents } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { now } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { eventRow } from '../../lib/event-row.ts';
import { ownedBy, type Scope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';

/** A product's loan table: the lending core's columns (db/schema/loan.ts `loanColumns`) and its status. */
type LoanTable = PgTable & { id: PgColumn; status: PgColumn; enterpriseId: PgColumn; updatedAt: PgColumn };

/** What a lending product tells the store about its loans. */
export interface LoanKind<T extends LoanTable, S extends string> {
  /** The product's line code in the loan book and the history (SUPPLY, PLEDGE, CLOUD …). */
  product: string;
  table: T;
  lifecycle: Lifecycle<S>;
  /** The answer for a loan that does not exist or is another enterprise's (404 either way). */
  notFound: string;
  /** The first letters of its business number: RZ (supply loans), ZY (goods pledge), YDTK (cloud loan drawdowns). */
  numberPrefix: string;
}

/**
 * The lending core's one store (issue 22): every product's loans are locked, moved along their
 * lifecycle and recorded in the one history (`loan_events`) by the same code.
 * - `lock` takes the row `FOR UPDATE` within the caller's scope (another enterprise's answers 404).
 * - `move` changes the status only through `transition()` (the machine must allow it; the row must
 *   still hold the old status) and records the step with who did it.
 * - `record` adds a history row without a status change (a repayment, an overdue mark).
 */
export function loanStore<T extends LoanTable, S extends string>(kind: LoanKind<T, S>) {
  type Loan = InferSelectModel<T>;

  async function lock(tx: Tx, scope: Scope, id: number): Promise<Loan> {
    const [row] = (await tx
      .select()
      .from(kind.table as PgTable)
      .where(and(eq(kind.table.id, id), ownedBy(scope, kind.table.enterpriseId)))
      .for('update')) as Loan[];
    if (!row) throw new NotFoundError(kind.notFound);
    return row;
  }

  async function record(
    tx: Tx,
    loanId: number,
    actor: Actor,
    action: string,
    note?: string | null,
    from?: string | null,
    to?: string | null,
  ): Promise<void> {
    await tx.insert(loanEvents).values({ product: kind.product, loanId, ...eventRow(actor, action, note, from, to) });
  }

  async function move(
    tx: Tx,
    loan: { id: number; status: string },
    to: S,
    actor: Actor,
    action: string,
    note?: string | null,
    extra: Partial<Omit<T['$inferInsert'], 'id' | 'status'>> = {},
  ): Promise<Loan> {
    const updated = await transition(tx, kind.table, kind.lifecycle, loan, to, { ...extra, updatedAt: now() } as typeof extra);
    await record(tx, loan.id, actor, action, note, loan.status, to);
    return updated;
  }

  /** The history of one loan, oldest first, as the detail drawers show it. */
  async function historyOf(db: Db | Tx, loanId: number) {
    const rows = await db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.product, kind.product), eq(loanEvents.loanId, loanId)))
      .orderBy(asc(loanEvents.id));
    return rows.map(({ product: _product, loanId: financingId, ...e }) => ({ ...e, financingId }));
  }

  /** The user-facing number: the prefix, the China date of application, the id in 6 digits. */
  const numberOf = (id: number, applyDate: string) => `${kind.numberPrefix}${applyDate.replaceAll('-', '')}${String(id).padStart(6, '0')}`;

  return { lock, record, move, historyOf, numberOf };
}
