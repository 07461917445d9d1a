// The quantity-ledger API for other modules (service.ts: the caller's transaction, the lock order):
// a release order (放货指令).
import { compareQty, qty, toQuantityText, type ReleaseOrderReceiver } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { releaseOrders } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { quantityFor } from '../movement-input.ts';
import { positionWithGoods } from '../service.ts';
import { lockPositions, nextNumber } from '../stock-ledger.ts';

/**
 * A release order (放货指令): authorises the warehouse to let `quantity` of a position's available
 * goods leave; the warehouse user's stock-out referencing it consumes it.
 */
export async function createReleaseOrder(
  tx: Tx,
  input: {
    positionId: number;
    quantity: string;
    reference: string;
    pickupPerson?: string;
    /** Who takes delivery (a pledge redemption names a designated signer or a downstream customer). */
    receiver?: ReleaseOrderReceiver;
    depositorId?: number;
  },
): Promise<{ id: number; orderNo: string }> {
  const { goods: item } = await positionWithGoods(tx, input.positionId, input.depositorId);
  const quantity = quantityFor(item, input.quantity, '放货数量');
  const position = (await lockPositions(tx, [input.positionId])).get(input.positionId)!;
  if (compareQty(quantity, position.available) > 0) {
    throw new BusinessError(
      `放货数量超过可用数量 ${toQuantityText(qty(position.available), item.scale)}${item.unit}，请先解除质押`,
      'STOCK_NOT_AVAILABLE',
    );
  }
  const orderNo = await nextNumber(tx, 'releaseOrder');
  const [row] = await tx
    .insert(releaseOrders)
    .values({
      orderNo,
      positionId: input.positionId,
      quantity,
      reference: input.reference,
      pickupPerson: input.pickupPerson ?? null,
      receiver: input.receiver ?? null,
    })
    .returning({ id: releaseOrders.id });
  return { id: row!.id, orderNo };
}
