import { ORDER_STATUS_LABELS, orderLifecycle } from '@factoring/domain';
import type { Db } from '../../../db/client.ts';
import { psOrders } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { counterpartyIdOf, lockOrder, recordEvent, sideOf, type Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';

/**
 * The owner confirms its draft. A counterparty on the portal must confirm the same order too, so the
 * order waits for it (SUBMITTED); a counterparty outside the portal cannot, so the order is CONFIRMED.
 */
export async function confirmOrder(db: Db, scope: EnterpriseScope, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, scope, id);
    if (order.ownerEnterpriseId !== scope.enterpriseId) {
      throw new BusinessError(
        order.status === 'SUBMITTED' ? '请使用“对方确认”确认该订单' : `订单当前状态为“${ORDER_STATUS_LABELS[order.status]}”，不能确认`,
        'NOT_ORDER_OWNER',
      );
    }
    const awaitsCounterparty = counterpartyIdOf(order, sideOf(order, scope.enterpriseId)) !== null;
    const to = awaitsCounterparty ? 'SUBMITTED' : 'CONFIRMED';
    const updated = await transition(tx, psOrders, orderLifecycle, order, to, {
      confirmedAt: to === 'CONFIRMED' ? now() : null,
      updatedAt: now(),
    });
    await recordEvent(tx, order.id, actor, awaitsCounterparty ? '提交对方确认' : '确认订单', null, order.status, to);
    return { id: updated.id, status: updated.status, statusLabel: ORDER_STATUS_LABELS[updated.status] };
  });
}
