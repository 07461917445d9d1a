import { chinaDate, type OrderSide } from '@factoring/domain';
import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { psOrderEvents, psOrders } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { eventRow } from '../../lib/event-row.ts';
import type { EnterpriseScope, Scope } from '../../lib/scope.ts';
import { now } from '../../lib/clock.ts';

export type Order = typeof psOrders.$inferSelect;

/** Who acts on an order: a user of one of its enterprises, an operator, or the seed. */
export interface Actor {
  id: number | null;
  name: string;
  enterpriseId: number | null;
  ip?: string;
}

export const actorOf = (scope: EnterpriseScope, user: { displayName: string }, ip?: string): Actor => ({
  id: scope.userId,
  name: user.displayName,
  enterpriseId: scope.enterpriseId,
  ip,
});

/**
 * How much of purchase and sales a user reaches (issue 24). `FULL` with the per-user feature switched
 * on (SPEC §2). `ADDRESSED` without it: only the orders another portal enterprise sent to the user's
 * enterprise, to see and to confirm or send back — an order never waits for a counterparty that
 * cannot see it — and nothing else of the feature (no drafts, no orders of its own, no payments).
 */
export type PsAccess = 'FULL' | 'ADDRESSED';

/** The access of a user: the feature's switch decides, read with the session. */
export const psAccessOf = (user: { purchaseSales: boolean }): PsAccess => (user.purchaseSales ? 'FULL' : 'ADDRESSED');

/** Orders another enterprise created and sent to enterprise `e` (a draft stays private to the side that writes it). */
export function addressedTo(e: number): SQL {
  return and(
    ne(psOrders.ownerEnterpriseId, e),
    or(eq(psOrders.buyerEnterpriseId, e), eq(psOrders.sellerEnterpriseId, e)),
    ne(psOrders.status, 'DRAFT'),
  )!;
}

/**
 * The orders a scope may see (issue 16: one order, seen from both sides): its enterprise's own
 * orders in any state, and orders where it is the counterparty once the owner has sent them.
 * With `ADDRESSED` access only the latter. Operators see every order.
 */
export function visibleTo(scope: Scope, access: PsAccess = 'FULL'): SQL {
  if (scope.kind === 'operator') return sql`true`;
  const e = scope.enterpriseId;
  return access === 'ADDRESSED' ? addressedTo(e) : or(eq(psOrders.ownerEnterpriseId, e), addressedTo(e))!;
}

/** The side of an order an enterprise is on. */
export const sideOf = (order: Pick<Order, 'buyerEnterpriseId' | 'ownerEnterpriseId' | 'kind'>, enterpriseId: number): OrderSide =>
  order.buyerEnterpriseId === enterpriseId ? 'BUYER' : 'SELLER';

/** The other side's enterprise id (null when it is not on the portal). */
export const counterpartyIdOf = (order: Pick<Order, 'buyerEnterpriseId' | 'sellerEnterpriseId'>, side: OrderSide) =>
  side === 'BUYER' ? order.sellerEnterpriseId : order.buyerEnterpriseId;

/** Locks an order the scope may see `FOR UPDATE`; one it may not see is a 404 whether or not it exists. */
export async function lockOrder(tx: Tx, scope: Scope, id: number, access: PsAccess = 'FULL'): Promise<Order> {
  const [row] = await tx
    .select()
    .from(psOrders)
    .where(and(eq(psOrders.id, id), visibleTo(scope, access)))
    .for('update');
  if (!row) throw new NotFoundError('订单不存在');
  return row;
}

/** The owner alone may change a draft, cancel or close. */
export function assertOwner(order: Order, scope: EnterpriseScope, what: string) {
  if (order.ownerEnterpriseId !== scope.enterpriseId) throw new BusinessError(`只有订单创建方可以${what}`, 'NOT_ORDER_OWNER');
}

export async function recordEvent(
  tx: Tx | Db,
  orderId: number,
  actor: Actor,
  action: string,
  note?: string | null,
  from?: string | null,
  to?: string | null,
) {
  await tx.insert(psOrderEvents).values({ orderId, ...eventRow(actor, action, note, from, to), enterpriseId: actor.enterpriseId });
}

/** `CG` (purchase) or `XS` (sales) + China date + the id: unique, readable, sortable. */
export function orderNoOf(kind: Order['kind'], id: number, at: Date = now()): string {
  return `${kind === 'PURCHASE' ? 'CG' : 'XS'}${chinaDate(at).replaceAll('-', '')}${String(id).padStart(6, '0')}`;
}

export async function enterpriseNameOf(db: Db | Tx, id: number): Promise<string> {
  const [row] = await db.select({ name: enterpriseDirectory.name }).from(enterpriseDirectory).where(eq(enterpriseDirectory.id, id));
  return row?.name ?? '';
}

/** Names compared the way bank accounts are matched: without spaces, full-width brackets as half-width. */
export const sameName = (a: string, b: string) => {
  const n = (s: string) => s.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')');
  return n(a) === n(b);
};
