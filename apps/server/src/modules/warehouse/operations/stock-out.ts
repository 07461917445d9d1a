// Stock-out (出库): only the available quantity can leave — pledged goods, frozen goods and goods
// under a live receipt never can. A stock-out under a release order consumes that order.
import { compareQty, qty, releaseOrderLifecycle, toQuantityText } from '@factoring/domain';
import type { stockOutSchema } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { goods, releaseOrders } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { ownPosition } from '../access.ts';
import { checkAttachments, quantityFor } from '../movement-input.ts';
import { nextNumber, postMovements, type Actor } from '../stock-ledger.ts';

export type StockOutInput = z.output<typeof stockOutSchema>;

export async function recordStockOut(tx: Tx, scope: EnterpriseScope, input: StockOutInput, actor: Actor) {
  const { position } = await ownPosition(tx, scope, input.positionId);
  const [item] = await tx.select().from(goods).where(eq(goods.id, position.goodsId));
  const quantity = quantityFor(item!, input.quantity, '出库数量');
  const attachments = await checkAttachments(tx, scope, input.attachmentIds);
  let reference: string | null = null;
  if (input.releaseOrderId) {
    // Lock order: release order before positions (postMovements locks the positions).
    const [order] = await tx.select().from(releaseOrders).where(eq(releaseOrders.id, input.releaseOrderId)).for('update');
    if (!order || order.positionId !== position.id) throw new BusinessError('放货指令不存在或与该库存不符', 'RELEASE_ORDER_NOT_FOUND');
    if (order.status !== 'OPEN')
      throw new BusinessError(`放货指令${order.orderNo}已${releaseOrderLifecycle.label(order.status)}`, 'RELEASE_ORDER_CLOSED');
    const remaining = qty(order.quantity).minus(qty(order.consumed));
    if (compareQty(quantity, remaining) > 0) {
      throw new BusinessError(
        `出库数量超过放货指令剩余可提数量 ${toQuantityText(remaining, item!.scale)}${item!.unit}`,
        'RELEASE_ORDER_EXCEEDED',
      );
    }
    const consumed = toQuantityText(qty(order.consumed).plus(qty(quantity)));
    await transition(tx, releaseOrders, releaseOrderLifecycle, order, compareQty(consumed, order.quantity) === 0 ? 'CONSUMED' : 'OPEN', {
      consumed,
    });
    reference = `RELEASE_ORDER:${order.id}`;
  }
  const operationNo = await nextNumber(tx, 'operation');
  const movementIds = await postMovements(tx, [{ positionId: position.id, kind: 'OUT', quantity }], {
    operationNo,
    occurredOn: input.occurredOn,
    documentNo: input.documentNo,
    reference,
    attachments,
    note: input.note ?? null,
    actor,
  });
  return { operationNo, movementIds, positionId: position.id };
}
