import { ORDER_STATUS_LABELS, orderLifecycle } from '@factoring/domain';
import type { Db } from '../../../db/client.ts';
import { psOrders } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { lockOrder, recordEvent, type Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';

/** Either side closes a paid order: it leaves the working lists. */
export async function closeOrder(db: Db, scope: EnterpriseScope, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, scope, id);
    const updated = await transition(tx, psOrders, orderLifecycle, order, 'CLOSED', { updatedAt: now() });
    await recordEvent(tx, order.id, actor, '关闭订单', null, order.status, 'CLOSED');
    return { id: updated.id, status: updated.status, statusLabel: ORDER_STATUS_LABELS[updated.status] };
  });
}
