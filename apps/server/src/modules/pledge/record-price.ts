import {
  addDays,
  formatPercent,
  formatYuan,
  marginCallAmount,
  marginCallLifecycle,
  needsMarginCall,
  type IsoDate,
} from '@factoring/domain';
import type { GoodsPriceInput } from '@factoring/domain/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { goods, goodsPrices, pledgeFinancings, pledgeMarginCalls } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { transition } from '../../lib/transition.ts';
import { itemsOf, LIVE_STATUSES, pledgedQuantityOf, recordPledgeEvent, valuationOf, type Actor } from './store.ts';

/** Days the enterprise has to meet a margin call (PRODUCT §8). */
export const MARGIN_CALL_DAYS = 3;

/**
 * An operator records a new unit price (the price list keeps every row: date, price, source, who).
 * Every live pledge of that goods is marked to market in the same transaction: value and LTV are
 * recomputed; over the liquidation line, or over the warning line with a falling price, a margin call
 * restoring the pledge rate is raised — at most one OPEN per financing (an open call is re-sized).
 * Serialised per goods on the goods row, then the financing rows are locked in id order, so two
 * racing price updates neither deadlock nor raise two calls.
 */
export async function recordGoodsPrice(db: Db, actor: Actor, input: GoodsPriceInput, today: IsoDate) {
  if (!Number.isSafeInteger(input.unitPrice) || input.unitPrice <= 0) throw new BusinessError('单价必须大于0', 'PRICE_NOT_POSITIVE');
  return inTransaction(db, async (tx) => {
    const [item] = await tx.select().from(goods).where(eq(goods.id, input.goodsId)).for('update');
    if (!item) throw new NotFoundError('货物不存在');
    const [previous] = await tx.select().from(goodsPrices).where(eq(goodsPrices.goodsId, item.id)).orderBy(desc(goodsPrices.id)).limit(1);
    const [price] = await tx
      .insert(goodsPrices)
      .values({
        goodsId: item.id,
        priceDate: input.priceDate,
        unitPrice: input.unitPrice,
        source: input.source,
        recordedBy: actor.id,
        recordedByName: actor.name,
      })
      .returning();
    const priceFalling = previous !== undefined && input.unitPrice < previous.unitPrice;
    const result = await markToMarket(tx, item, input.unitPrice, priceFalling, actor, today);
    return { priceId: price!.id, ...result };
  });
}

async function markToMarket(
  tx: Tx,
  item: typeof goods.$inferSelect,
  unitPrice: number,
  priceFalling: boolean,
  actor: Actor,
  today: IsoDate,
) {
  const live = await tx
    .select()
    .from(pledgeFinancings)
    .where(and(eq(pledgeFinancings.goodsId, item.id), inArray(pledgeFinancings.status, [...LIVE_STATUSES])))
    .orderBy(asc(pledgeFinancings.id))
    .for('update');
  const marginCalls: { financingId: number; financingNo: string; amount: number; ltvPpm: number }[] = [];
  let warnings = 0;
  for (const f of live) {
    const v = valuationOf(f, pledgedQuantityOf(await itemsOf(tx, f.id), item.scale), unitPrice);
    await tx
      .update(pledgeFinancings)
      .set({ lastUnitPrice: unitPrice, lastValue: v.value, lastLtvPpm: v.ltvPpm, updatedAt: new Date() })
      .where(eq(pledgeFinancings.id, f.id));
    if (v.risk !== 'NORMAL') warnings++;
    const need = marginCallAmount({
      outstanding: f.outstanding,
      topUpMargin: f.topUpMargin,
      value: v.value,
      pledgeRatePpm: f.pledgeRatePpm,
    });
    const [open] = await tx
      .select()
      .from(pledgeMarginCalls)
      .where(and(eq(pledgeMarginCalls.financingId, f.id), eq(pledgeMarginCalls.status, 'OPEN')))
      .for('update');
    const note = `单价 ${formatYuan(unitPrice)} 元，货值 ${formatYuan(v.value)} 元，质押率（LTV）${formatPercent(v.ltvPpm)}`;
    if (open) {
      if (need > 0)
        await tx.update(pledgeMarginCalls).set({ amount: need, ltvPpm: v.ltvPpm, unitPrice }).where(eq(pledgeMarginCalls.id, open.id));
      else await transition(tx, pledgeMarginCalls, marginCallLifecycle, open, 'WITHDRAWN', { closedAt: new Date() });
      await recordPledgeEvent(
        tx,
        f.id,
        actor,
        need > 0 ? '调整补缴保证金' : '撤销补缴通知',
        `${note}${need > 0 ? `，应补缴 ${formatYuan(need)} 元` : '，已恢复至质押率以内'}`,
      );
      if (need > 0) marginCalls.push({ financingId: f.id, financingNo: f.financingNo, amount: need, ltvPpm: v.ltvPpm });
    } else if (need > 0 && needsMarginCall({ ltvPpm: v.ltvPpm, priceFalling, terms: f })) {
      await tx
        .insert(pledgeMarginCalls)
        .values({ financingId: f.id, amount: need, ltvPpm: v.ltvPpm, unitPrice, deadline: addDays(today, MARGIN_CALL_DAYS) });
      await recordPledgeEvent(
        tx,
        f.id,
        actor,
        '补缴保证金通知',
        `${note}，应于 ${addDays(today, MARGIN_CALL_DAYS)} 前补缴 ${formatYuan(need)} 元`,
      );
      marginCalls.push({ financingId: f.id, financingNo: f.financingNo, amount: need, ltvPpm: v.ltvPpm });
    } else {
      await recordPledgeEvent(tx, f.id, actor, v.risk === 'NORMAL' ? '盯市估值' : '质押率预警', note);
    }
  }
  return { revalued: live.length, warnings, marginCalls };
}
