// Meeting a margin call by adding goods (补充质押货物) instead of topping up money (/pledge/giveGold):
// more of the SAME accepted goods, from the enterprise's own available stock or live receipts in
// the SAME warehouse, pledged through the warehouse's quantity ledger. The value added at the
// current price must restore the pledge rate on its own; then the call is MET. One transaction (the
// route's idempotent one): financing row → margin call → receipts → positions (the warehouse's order).
import {
  collateralValue,
  compareQty,
  formatQuantity,
  formatYuan,
  loanToValuePpm,
  marginCallAmount,
  marginCallLifecycle,
  qty,
  quantityToRestorePledgeRate,
  sumQuantities,
  toQuantityText,
} from '@factoring/domain';
import type { PledgeAddGoodsInput } from '@factoring/domain/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { pledgeFinancings, pledgeItems, pledgeMarginCalls, pledgeTerms } from '../../../db/schema/index.ts';
import { goodsItem } from '../../warehouse/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { pledgeStock } from '../../warehouse/index.ts';
import { chosenLines, loadChosenStock } from '../chosen-stock.ts';
import { pledgeableStock } from '../queries/my-stock.ts';
import {
  goodsOf,
  itemsOf,
  lockPledge,
  pledgedQuantityOf,
  pledgeReference,
  recordPledgeEvent,
  requirePrice,
  type Actor,
  type PledgeFinancing,
} from '../store.ts';
import { now } from '../../../lib/clock.ts';

async function callToMeet(db: Db | Tx, financingId: number, lock: boolean) {
  const q = db
    .select()
    .from(pledgeMarginCalls)
    .where(and(eq(pledgeMarginCalls.financingId, financingId), inArray(pledgeMarginCalls.status, ['OPEN', 'DEFAULTED'])));
  const [call] = lock ? await q.for('update') : await q;
  return call ?? null;
}

/** The least quantity that restores the pledge rate at the current price. */
function minimumOf(f: PledgeFinancing, pledgedQuantity: string, unitPrice: number, scale: number) {
  return quantityToRestorePledgeRate({
    pledgedQuantity,
    unitPrice,
    pledgeRatePpm: f.pledgeRatePpm,
    outstanding: f.outstanding,
    topUpMargin: f.topUpMargin,
    scale,
  });
}

/** What the add-goods form shows: the call, the least quantity, and own stock of the same goods in the same warehouse. */
export async function addGoodsQuote(db: Db, scope: EnterpriseScope, id: number) {
  const [f] = await db
    .select()
    .from(pledgeFinancings)
    .where(and(eq(pledgeFinancings.id, id), ownedBy(scope, pledgeFinancings.enterpriseId)));
  if (!f) throw new NotFoundError('质押融资不存在');
  const item = await goodsOf(db, f.goodsId);
  const price = await requirePrice(db, f.goodsId);
  const pledgedQuantity = pledgedQuantityOf(await itemsOf(db, f.id), item.scale);
  const call = await callToMeet(db, f.id, false);
  const stock = (await pledgeableStock(db, scope, { warehouseId: f.warehouseId }))
    .filter((s) => s.goodsId === f.goodsId && (compareQty(s.available, '0') > 0 || s.receipts.length > 0))
    .map((s) => ({
      positionId: s.positionId,
      locationCode: s.locationCode,
      batchNo: s.batchNo,
      available: s.available,
      receipts: s.receipts,
    }));
  return {
    marginCall: call ? { id: call.id, amount: call.amount, deadline: call.deadline, status: call.status } : null,
    goodsName: item.name,
    unit: item.unit,
    scale: item.scale,
    unitPrice: price.unitPrice,
    pledgedQuantity,
    minimumQuantity: minimumOf(f, pledgedQuantity, price.unitPrice, item.scale),
    stock,
  };
}

/** Resolves the chosen lines: own stock or own live receipts, of the financing's goods, in its warehouse. */
async function resolveAddedLines(tx: Tx, scope: EnterpriseScope, f: PledgeFinancing, input: PledgeAddGoodsInput['lines']) {
  const stock = await loadChosenStock(tx, scope, input);
  const financed = await goodsOf(tx, f.goodsId);
  for (const p of stock.positions) {
    if (p.goodsId !== f.goodsId) {
      const other = await goodsItem(tx, p.goodsId);
      const [accepted] = await tx
        .select({ id: pledgeTerms.id })
        .from(pledgeTerms)
        .where(and(eq(pledgeTerms.platformId, f.platformId), eq(pledgeTerms.goodsId, p.goodsId)));
      if (!accepted) throw new BusinessError(`平台不接受「${other!.name}」质押，请选择「${financed.name}」`, 'PLEDGE_GOODS_NOT_ACCEPTED');
      throw new BusinessError(`补充质押的货物须与本笔融资的质押货物「${financed.name}」相同`, 'PLEDGE_ADD_GOODS_OTHER_GOODS');
    }
    if (p.warehouseId !== f.warehouseId)
      throw new BusinessError('补充质押的货物须存放在本笔融资的监管仓库', 'PLEDGE_ADD_GOODS_OTHER_WAREHOUSE');
  }
  const lines = chosenLines(
    input,
    stock,
    (p) => `补充质押数量超过可用数量 ${formatQuantity(p.available, financed.scale)}${financed.unit}（批次 ${p.batchNo}）`,
  );
  return { item: financed, lines };
}

export async function addGoodsToPledge(tx: Tx, scope: EnterpriseScope, id: number, actor: Actor, input: PledgeAddGoodsInput) {
  const f = await lockPledge(tx, scope, id);
  const call = await callToMeet(tx, f.id, true);
  if (!call) throw new BusinessError('该融资没有待补缴的保证金', 'PLEDGE_NO_MARGIN_CALL');
  const { item, lines } = await resolveAddedLines(tx, scope, f, input.lines);
  // Read after the financing lock: a price recorded meanwhile has either committed (and is used) or waits for us.
  const price = await requirePrice(tx, f.goodsId);
  const pledgedBefore = pledgedQuantityOf(await itemsOf(tx, f.id), item.scale);
  const added = toQuantityText(sumQuantities(...lines.map((l) => qty(l.quantity))), item.scale);
  const pledgedAfter = toQuantityText(qty(pledgedBefore).plus(added), item.scale);
  const value = collateralValue(pledgedAfter, price.unitPrice);
  const stillNeeded = marginCallAmount({ outstanding: f.outstanding, topUpMargin: f.topUpMargin, value, pledgeRatePpm: f.pledgeRatePpm });
  if (stillNeeded > 0) {
    const minimum = minimumOf(f, pledgedBefore, price.unitPrice, item.scale);
    throw new BusinessError(
      `补充的货值不足以恢复质押率：按当前单价 ${formatYuan(price.unitPrice)} 元/${item.unit}，至少需补充 ${formatQuantity(minimum, item.scale)}${item.unit}（本次 ${formatQuantity(added, item.scale)}${item.unit}）`,
      'PLEDGE_ADD_GOODS_NOT_ENOUGH',
    );
  }
  const reference = pledgeReference(f.id);
  const ordered = [...lines].sort((a, b) => Number(b.receiptId !== null) - Number(a.receiptId !== null) || a.positionId - b.positionId);
  for (const l of ordered) {
    if (l.receiptId !== null) await pledgeStock(tx, { receiptId: l.receiptId, reference, depositorId: f.enterpriseId, actor });
    else await pledgeStock(tx, { positionId: l.positionId, quantity: l.quantity, reference, depositorId: f.enterpriseId, actor });
    await tx
      .insert(pledgeItems)
      .values({ financingId: f.id, positionId: l.positionId, receiptId: l.receiptId, goodsId: f.goodsId, quantity: l.quantity });
  }
  const ltvPpm = loanToValuePpm({ outstanding: f.outstanding, topUpMargin: f.topUpMargin, value });
  await transition(tx, pledgeMarginCalls, marginCallLifecycle, call, 'MET', { closedAt: now() });
  await tx
    .update(pledgeFinancings)
    .set({ lastUnitPrice: price.unitPrice, lastValue: value, lastLtvPpm: ltvPpm, defaulted: false, updatedAt: now() })
    .where(eq(pledgeFinancings.id, f.id));
  await recordPledgeEvent(
    tx,
    f.id,
    actor,
    '补充质押货物',
    `补充质押 ${item.name} ${formatQuantity(added, item.scale)}${item.unit}（代替补缴 ${formatYuan(call.amount)} 元），质押合计 ${formatQuantity(pledgedAfter, item.scale)}${item.unit}，货值 ${formatYuan(value)} 元`,
  );
  return {
    id: f.id,
    marginCallId: call.id,
    addedQuantity: added,
    pledgedQuantity: pledgedAfter,
    unitPrice: price.unitPrice,
    value,
    ltvPpm,
  };
}
