import { TransitionError, type Lifecycle } from '@factoring/domain';
import { and, eq, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { BusinessError } from './envelope.ts';

/** A table whose rows carry a lifecycle: an integer `id` and a text `status`. */
type StatusTable = PgTable & { id: PgColumn; status: PgColumn };

/**
 * The one way a status changes (ARCHITECTURE "Data rules"): the domain state machine must allow
 * `row.status → to`, and the row must still be in `row.status` when it is written (a compare-and-set,
 * so two racing decisions cannot both win). Other columns change with it in the same statement.
 * A refused transition is a BusinessError with the machine's Chinese message.
 */
export async function transition<T extends StatusTable, S extends string>(
  tx: Tx,
  table: T,
  machine: Lifecycle<S>,
  row: { id: number; status: string },
  to: NoInfer<S>,
  set: Partial<Omit<T['$inferInsert'], 'id' | 'status'>> = {},
): Promise<InferSelectModel<T>> {
  return compareAndSet(tx, table, table.status, 'status', machine, row.id, row.status, to, set);
}

/** A table whose lifecycle column is called `state` (the operators' tasks). */
type StateTable = PgTable & { id: PgColumn; state: PgColumn };

/** `transition` for a table whose lifecycle column is `state`. */
export async function transitionState<T extends StateTable, S extends string>(
  tx: Tx,
  table: T,
  machine: Lifecycle<S>,
  row: { id: number; state: string },
  to: NoInfer<S>,
  set: Partial<Omit<T['$inferInsert'], 'id' | 'state'>> = {},
): Promise<InferSelectModel<T>> {
  return compareAndSet(tx, table, table.state, 'state', machine, row.id, row.state, to, set);
}

async function compareAndSet<T extends PgTable & { id: PgColumn }>(
  tx: Tx,
  table: T,
  column: PgColumn,
  key: 'status' | 'state',
  machine: Lifecycle<string>,
  id: number,
  from: string,
  to: string,
  set: object,
): Promise<InferSelectModel<T>> {
  try {
    machine.assertTransition(from, to);
  } catch (err) {
    if (err instanceof TransitionError) throw new BusinessError(err.message, 'INVALID_TRANSITION');
    throw err;
  }
  const updated = (await tx
    .update(table)
    // The generic table loses drizzle's column inference; the signatures above keep callers typed.
    .set({ ...set, [key]: to } as never)
    .where(and(eq(table.id, id), eq(column, from)))
    .returning()) as InferSelectModel<T>[];
  if (!updated.length) throw new BusinessError('该记录的状态已发生变化，请刷新后重试', 'STALE_STATUS');
  return updated[0]!;
}
