import {
  applyFulfilment,
  fulfilledStatusOf,
  normaliseQuantity,
  OrderError,
  ORDER_STATUS_LABELS,
  orderLifecycle,
  type OrderSide,
} from '@factoring/domain';
import type { fulfilInputSchema } from '@factoring/domain/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { psOrderLines, psOrders } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { settleIfPaid } from '../settle-if-paid.ts';
import { lockOrder, recordEvent, sideOf, type Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';

/**
 * A delivery (seller) or receipt (buyer) of some or all of an order's lines. Quantities are exact
 * decimals, never more than a line's remaining quantity. The last line handed over moves the order
 * to DELIVERED / RECEIVED (and on to PAID when it was paid in full before).
 */
export async function fulfilOrder(db: Db, scope: EnterpriseScope, actor: Actor, id: number, input: z.output<typeof fulfilInputSchema>) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, scope, id);
    const side: OrderSide = sideOf(order, scope.enterpriseId);
    const what = side === 'BUYER' ? '收货' : '发货';
    if (order.status !== 'CONFIRMED')
      throw new BusinessError(`订单当前状态为“${ORDER_STATUS_LABELS[order.status]}”，不能登记${what}`, 'INVALID_TRANSITION');
    const lines = await tx
      .select()
      .from(psOrderLines)
      .where(eq(psOrderLines.orderId, order.id))
      .orderBy(asc(psOrderLines.seq))
      .for('update');
    let result;
    try {
      result = applyFulfilment(
        lines.map((l) => ({ lineId: l.id, quantity: l.quantity, fulfilled: l.fulfilled })),
        input.lines,
      );
    } catch (err) {
      if (err instanceof OrderError) throw new BusinessError(err.message, 'INVALID_QUANTITY');
      throw err;
    }
    const summary: string[] = [];
    for (const m of input.lines) {
      const line = lines.find((l) => l.id === m.lineId)!;
      await tx
        .update(psOrderLines)
        .set({ fulfilled: result.fulfilled.get(line.id)! })
        .where(eq(psOrderLines.id, line.id));
      summary.push(`${line.goodsName} ${normaliseQuantity(m.quantity)}${line.unit}`);
    }
    const note = [summary.join('，'), input.note].filter(Boolean).join('；');
    let current = order;
    if (result.complete) {
      const to = fulfilledStatusOf(side);
      current = await transition(tx, psOrders, orderLifecycle, order, to, { updatedAt: now() });
      await recordEvent(tx, order.id, actor, `${what}完成`, note, order.status, to);
      current = await settleIfPaid(tx, current, actor);
    } else {
      await tx.update(psOrders).set({ updatedAt: now() }).where(eq(psOrders.id, order.id));
      await recordEvent(tx, order.id, actor, `部分${what}`, note);
    }
    return { id: order.id, status: current.status, statusLabel: ORDER_STATUS_LABELS[current.status], complete: result.complete };
  });
}
