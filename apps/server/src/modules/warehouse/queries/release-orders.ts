// The warehouse user's view of release orders (放货单): the OPEN orders of a position in one of its
// own warehouses, with who takes delivery — shown when the stock-out is recorded against an order.
import { qty } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { goods, releaseOrders } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { ownPosition } from '../access.ts';

export async function openReleaseOrders(db: Db, scope: EnterpriseScope, positionId: number) {
  const { position } = await ownPosition(db, scope, positionId);
  const [item] = await db.select({ scale: goods.scale }).from(goods).where(eq(goods.id, position.goodsId));
  const rows = await db
    .select()
    .from(releaseOrders)
    .where(and(eq(releaseOrders.positionId, position.id), eq(releaseOrders.status, 'OPEN')))
    .orderBy(asc(releaseOrders.id));
  return rows.map((o) => ({
    id: o.id,
    orderNo: o.orderNo,
    positionId: o.positionId,
    quantity: o.quantity,
    consumed: o.consumed,
    remaining: qty(o.quantity)
      .minus(o.consumed)
      .toFixed(item?.scale ?? 3),
    status: o.status,
    pickupPerson: o.pickupPerson,
    receiver: o.receiver ?? null,
    createdAt: o.createdAt.toISOString(),
  }));
}
