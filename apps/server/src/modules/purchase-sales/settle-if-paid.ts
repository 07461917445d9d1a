// The last step of a delivery, a receipt, a payment or a collection (operations/fulfil-order.ts,
// pay-order.ts, record-offline-collection.ts, confirm-factor-collection.ts).
import { orderLifecycle } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { psOrders } from '../../db/schema/index.ts';
import { transition } from '../../lib/transition.ts';
import { recordEvent, type Actor, type Order } from './store.ts';
import { now } from '../../lib/clock.ts';

/** When the goods are all handed over and the money all paid, the order is PAID. */
export async function settleIfPaid(tx: Tx, order: Order, actor: Actor): Promise<Order> {
  if ((order.status === 'DELIVERED' || order.status === 'RECEIVED') && order.paidAmount >= order.totalAmount) {
    const paid = await transition(tx, psOrders, orderLifecycle, order, 'PAID', { updatedAt: now() });
    await recordEvent(tx, order.id, actor, '已付清', null, order.status, 'PAID');
    return paid;
  }
  return order;
}
