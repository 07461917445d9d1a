import { compareQty, formatQuantity, qty, releasableAfterRepayment, sumQuantities, toQuantityText } from '@factoring/domain';
import type { PledgeRedeemInput } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { pledgeItems } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { createReleaseOrder, releasePledge } from '../../warehouse/index.ts';
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
} from '../store.ts';

/**
 * The most that may be redeemed now and why (domain rule, issue 22): the lesser of the goods freed in
 * proportion to the principal repaid and what the collateral is worth beyond what the outstanding
 * needs at the pledge rate at the last price.
 */
export async function releasableNow(tx: Db | Tx, f: PledgeFinancing, goods: { scale: number; unit: string }) {
  const items = await itemsOf(tx, f.id);
  const r = releasableAfterRepayment({
    totalPledged: sumQuantities(...items.map((i) => i.quantity)),
    pledgedQuantity: pledgedQuantityOf(items, goods.scale),
    principal: f.amount,
    outstandingAfter: f.outstanding,
    unitPrice: f.lastUnitPrice,
    pledgeRatePpm: f.pledgeRatePpm,
    topUpMargin: f.topUpMargin,
    scale: goods.scale,
  });
  const u = goods.unit;
  const reason =
    r.limitedBy === 'PROPORTION'
      ? `按已还本金比例可赎回 ${r.inProportion}${u}（按当前价格与质押率可赎回 ${r.byValue}${u}），取较小者`
      : `按当前价格须保持质押率，可赎回 ${r.byValue}${u}（按已还本金比例可赎回 ${r.inProportion}${u}），取较小者`;
  return { ...r, reason };
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
  const releasable = await releasableNow(tx, f, item);
  if (compareQty(total, releasable.quantity) > 0) {
    throw new BusinessError(
      `赎货数量超过可赎回的数量 ${releasable.quantity}${item.unit}：${releasable.reason}，请先还款`,
      'PLEDGE_REDEEM_EXCEEDS_REPAYMENT',
    );
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
  const after = await releasableNow(tx, f, item);
  return { releaseOrders: orders, releasableAfter: after.quantity, releaseReason: after.reason };
}
