import { TransitionError, type Lifecycle } from '@factoring/domain';
import { and, eq, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
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
  set: Partial<Omit<InferInsertModel<T>, 'id' | 'status'>> = {},
): Promise<InferSelectModel<T>> {
  try {
    machine.assertTransition(row.status, to);
  } catch (err) {
    if (err instanceof TransitionError) throw new BusinessError(err.message, 'INVALID_TRANSITION');
    throw err;
  }
  const updated = (await tx
    .update(table)
    // The generic table loses drizzle's column inference; the signature above keeps callers typed.
    .set({ ...set, status: to } as never)
    .where(and(eq(table.id, row.id), eq(table.status, row.status)))
    .returning()) as InferSelectModel<T>[];
  if (!updated.length) throw new BusinessError('该记录的状态已发生变化，请刷新后重试', 'STALE_STATUS');
  return updated[0]!;
}
