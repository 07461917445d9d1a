import { ORDER_STATUS_LABELS, orderLifecycle } from '@factoring/domain';
import type { Db } from '../../../db/client.ts';
import { psOrders } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { lockOrder, recordEvent, type Actor, type PsAccess } from '../store.ts';
import { now } from '../../../lib/clock.ts';

/**
 * The counterparty on the portal confirms the order it was sent, or sends it back to the owner's drafts —
 * with or without its own purchase/sales switch (`ADDRESSED` access, issue 24).
 */
export async function answerOrder(
  db: Db,
  scope: EnterpriseScope,
  actor: Actor,
  id: number,
  accept: boolean,
  reason: string | null,
  access: PsAccess = 'FULL',
) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, scope, id, access);
    if (order.ownerEnterpriseId === scope.enterpriseId) throw new BusinessError('订单须由交易对手确认，创建方不能代为确认', 'OWN_ORDER');
    if (!accept && !reason) throw new BusinessError('请填写退回原因', 'REASON_REQUIRED');
    const to = accept ? 'CONFIRMED' : 'DRAFT';
    const updated = await transition(tx, psOrders, orderLifecycle, order, to, {
      confirmedAt: accept ? now() : null,
      updatedAt: now(),
    });
    await recordEvent(tx, order.id, actor, accept ? '对方确认' : '对方退回', reason, order.status, to);
    return { id: updated.id, status: updated.status, statusLabel: ORDER_STATUS_LABELS[updated.status] };
  });
}
