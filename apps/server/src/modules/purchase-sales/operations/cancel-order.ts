import { ORDER_STATUS_LABELS, orderLifecycle } from '@factoring/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { psOrderLines, psOrders } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { assertOwner, lockOrder, recordEvent, type Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';

/** The owner cancels an order before anything is delivered or paid. */
export async function cancelOrder(db: Db, scope: EnterpriseScope, actor: Actor, id: number, reason: string | null) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, scope, id);
    assertOwner(order, scope, '取消订单');
    if (order.status === 'CONFIRMED') {
      const [moved] = await tx
        .select({ id: psOrderLines.id })
        .from(psOrderLines)
        .where(and(eq(psOrderLines.orderId, order.id), gt(psOrderLines.fulfilled, '0')))
        .limit(1);
      if (moved) throw new BusinessError('订单已有发货或收货记录，不能取消', 'ALREADY_STARTED');
      if (order.paidAmount > 0) throw new BusinessError('订单已有付款记录，不能取消', 'ALREADY_PAID');
      if (!reason) throw new BusinessError('请填写取消原因', 'REASON_REQUIRED');
    }
    const updated = await transition(tx, psOrders, orderLifecycle, order, 'CANCELLED', { updatedAt: now() });
    await recordEvent(tx, order.id, actor, '取消订单', reason, order.status, 'CANCELLED');
    return { id: updated.id, status: updated.status, statusLabel: ORDER_STATUS_LABELS[updated.status] };
  });
}
