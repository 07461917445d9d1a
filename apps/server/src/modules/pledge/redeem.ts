import { compareQty, formatQuantity, qty, releasableQuantity, sumQuantities, toQuantityText } from '@factoring/domain';
import type { PledgeRedeemInput } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pledgeItems } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { createReleaseOrder, releasePledge } from '../warehouse/service.ts';
import { resolveReleaseReceiver } from './release-receiver.ts';
import {
  goodsOf,
  itemsOf,
  lockPledge,
  pledgedQuantityOf,
  pledgeReference,
  recordPledgeEvent,
  type Actor,
  type PledgeFinancing,
} from './store.ts';

/** The most that may be redeemed now: what the collateral is worth beyond what the outstanding needs at the pledge rate (domain rule). */
export async function redeemableNow(tx: Tx, f: PledgeFinancing, scale: number): Promise<string> {
  return releasableQuantity({
    pledgedQuantity: pledgedQuantityOf(await itemsOf(tx, f.id), scale),
    unitPrice: f.lastUnitPrice,
    pledgeRatePpm: f.pledgeRatePpm,
    outstandingAfter: f.outstanding,
    topUpMargin: f.topUpMargin,
    scale,
  });
}

/**
 * Redemption of goods (赎货) after repayment: the enterprise chooses pledged quantities within what
 * the repayment covers at the current price and pledge rate; they leave the pledge and become a
 * release order (放货单) the warehouse executes as a stock-out. The financing row is locked first, so
 * concurrent redemptions are decided one after another against what is left.
 */
export async function redeemGoods(tx: Tx, scope: EnterpriseScope, id: number, actor: Actor, input: PledgeRedeemInput) {
  const f = await lockPledge(tx, scope, id);
  if (f.status !== 'DISBURSED' && f.status !== 'REPAYING') throw new BusinessError('该融资当前不能赎货', 'PLEDGE_NOT_REDEEMABLE');
  const item = await goodsOf(tx, f.goodsId);
  const items = new Map((await itemsOf(tx, f.id)).map((i) => [i.id, i]));
  const ids = input.items.map((i) => i.itemId);
  if (new Set(ids).size !== ids.length) throw new BusinessError('同一笔质押货物只能选择一次', 'PLEDGE_DUPLICATE_LINE');
  for (const want of input.items) {
    const line = items.get(want.itemId);
    if (!line) throw new BusinessError('质押货物不存在', 'PLEDGE_ITEM_NOT_FOUND');
    const remaining = qty(line.quantity).minus(line.releasedQuantity);
    if (compareQty(want.quantity, remaining) > 0)
      throw new BusinessError(
        `赎货数量超过该笔剩余质押数量 ${formatQuantity(remaining.toFixed(3), item.scale)}${item.unit}`,
        'PLEDGE_REDEEM_OVER_ITEM',
      );
    if (line.receiptId !== null && compareQty(want.quantity, remaining) !== 0)
      throw new BusinessError('仓单质押只能整张赎回', 'PLEDGE_RECEIPT_WHOLE');
  }
  const total = sumQuantities(...input.items.map((i) => i.quantity));
  const releasable = await redeemableNow(tx, f, item.scale);
  if (compareQty(total, releasable) > 0) {
    throw new BusinessError(`赎货数量超过已还款可赎回的数量 ${releasable}${item.unit}，请先还款`, 'PLEDGE_REDEEM_EXCEEDS_REPAYMENT');
  }
  // The receiver is checked before any goods move: another enterprise's signer is refused with nothing changed.
  const receiver = await resolveReleaseReceiver(tx, scope, input.receiver);
  const reference = pledgeReference(f.id);
  const orders: { id: number; orderNo: string; quantity: string }[] = [];
  // Receipts first, then positions by ascending id: the warehouse's lock order.
  const chosen = input.items
    .map((i) => ({ ...i, line: items.get(i.itemId)! }))
    .sort((a, b) => Number(b.line.receiptId !== null) - Number(a.line.receiptId !== null) || a.line.positionId - b.line.positionId);
  for (const c of chosen) {
    if (c.line.receiptId !== null) await releasePledge(tx, { receiptId: c.line.receiptId, reference, actor });
    else {
      await releasePledge(tx, {
        positionId: c.line.positionId,
        quantity: c.quantity,
        reference,
        depositorId: f.enterpriseId,
        actor,
        note: '赎货',
      });
      const order = await createReleaseOrder(tx, {
        positionId: c.line.positionId,
        quantity: c.quantity,
        reference,
        pickupPerson: receiver.name,
        receiver,
        depositorId: f.enterpriseId,
      });
      orders.push({ ...order, quantity: c.quantity });
    }
    await tx
      .update(pledgeItems)
      .set({ releasedQuantity: toQuantityText(qty(c.line.releasedQuantity).plus(c.quantity), 3) })
      .where(eq(pledgeItems.id, c.line.id));
  }
  await recordPledgeEvent(
    tx,
    f.id,
    actor,
    '赎货',
    `赎回 ${item.name} ${toQuantityText(total, item.scale)}${item.unit}，放货单 ${orders.map((o) => o.orderNo).join('，') || '（仓单解除质押）'}，收货方 ${receiver.name}`,
  );
  return { releaseOrders: orders, releasableAfter: await redeemableNow(tx, f, item.scale) };
}
