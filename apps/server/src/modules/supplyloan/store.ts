import { financingLifecycle, type FinancingStatus } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { financingEvents, financings } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { eventRow } from '../../lib/event-row.ts';
import { ownedBy, type Scope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { now } from '../../lib/clock.ts';

export type Financing = typeof financings.$inferSelect;
export { platformOf, type Platform } from '../financing/index.ts';

export { factorScope } from '../../lib/scope.ts';
export { withdrawPendingTasks } from '../bpm/tasks.ts';
export { operatorActor, SYSTEM, type Actor } from '../../lib/actor.ts';

export const TASK = {
  PLATFORM_JOIN: 'PLATFORM_JOIN',
  INVOICE_VERIFY: 'INVOICE_VERIFY',
  FINANCING_APPROVAL: 'FINANCING_APPROVAL',
  FINANCING_DISBURSE: 'FINANCING_DISBURSE',
  EXTENSION: 'EXTENSION',
  REPAYMENT_VOUCHER: 'REPAYMENT_VOUCHER',
} as const;

/** Locks a financing `FOR UPDATE`; another enterprise's financing answers 404 whether or not it exists. */
export async function lockFinancing(tx: Tx, scope: Scope, id: number): Promise<Financing> {
  const [row] = await tx
    .select()
    .from(financings)
    .where(and(eq(financings.id, id), ownedBy(scope, financings.enterpriseId)))
    .for('update');
  if (!row) throw new NotFoundError('融资记录不存在');
  return row;
}

export async function recordEvent(
  tx: Tx,
  financingId: number,
  actor: Actor,
  action: string,
  note?: string | null,
  from?: string | null,
  to?: string | null,
) {
  await tx.insert(financingEvents).values({ financingId, ...eventRow(actor, action, note, from, to) });
}

/** Moves a financing along the domain's lifecycle (any transition not listed is refused) and records it in its history. */
export async function moveFinancing(
  tx: Tx,
  financing: Financing,
  to: FinancingStatus,
  actor: Actor,
  action: string,
  note?: string | null,
  extra: Partial<typeof financings.$inferInsert> = {},
) {
  const updated = await transition(tx, financings, financingLifecycle, financing, to, { ...extra, updatedAt: now() });
  await recordEvent(tx, financing.id, actor, action, note, financing.status, to);
  return updated;
}

/** The user-facing number of a financing: RZ + the China date of application + the id in 6 digits. */
export function financingNoOf(id: number, applyDate: string): string {
  return `RZ${applyDate.replaceAll('-', '')}${String(id).padStart(6, '0')}`;
}
