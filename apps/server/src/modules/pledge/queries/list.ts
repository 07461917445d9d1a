import { pledgeLifecycle, qty } from '@factoring/domain';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { goodsPrices, pledgeFinancings, pledgeItems, pledgeMarginCalls } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { goodsDirectory, releaseOrderDirectory, stockPositionDirectory, warehouseDirectory } from '../../warehouse/index.ts';
import { chinaToday } from '../../../lib/clock.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { pledgeInterestRefund, pledgeOwedOn } from '../balance.ts';
import { pledgeOverdue } from '../overdue.ts';
import { releasableNow } from '../operations/redeem.ts';
import { dailyPrices } from './daily-prices.ts';
import {
  currentPrice,
  LIVE_STATUSES,
  pledgedQuantityOf,
  pledgeHistory,
  pledgeReference,
  valuationOf,
  type PledgeFinancing,
} from '../store.ts';

const callOf = (c: typeof pledgeMarginCalls.$inferSelect) => ({
  id: c.id,
  amount: c.amount,
  ltvPpm: c.ltvPpm,
  unitPrice: c.unitPrice,
  deadline: c.deadline,
  status: c.status,
  paidAmount: c.paidAmount,
});

/**
 * The unit price a financing is shown at. A live financing (disbursed, repaying) is marked to market
 * when a price takes effect, so its last mark is the current price. An application not yet disbursed
 * is not marked (no margin call before the money goes out), so it is valued at the goods' current
 * price here: its value and LTV follow a price fall as a disbursed one's do (issue 24). A financing
 * that has ended keeps the price it was last valued at.
 */
async function unitPriceOf(db: Db, f: PledgeFinancing): Promise<number> {
  if (LIVE_STATUSES.includes(f.status) || pledgeLifecycle.isTerminal(f.status)) return f.lastUnitPrice;
  return (await currentPrice(db, f.goodsId))?.unitPrice ?? f.lastUnitPrice;
}

async function summaryOf(
  db: Db,
  f: PledgeFinancing,
  names: { platformName: string; warehouseName: string; goods: { id: number; name: string; unit: string; scale: number } },
) {
  const items = await db.select().from(pledgeItems).where(eq(pledgeItems.financingId, f.id)).orderBy(asc(pledgeItems.id));
  const pledgedQuantity = pledgedQuantityOf(items, names.goods.scale);
  const unitPrice = await unitPriceOf(db, f);
  const v = valuationOf(f, pledgedQuantity, unitPrice);
  const today = chinaToday();
  const [open] = await db
    .select()
    .from(pledgeMarginCalls)
    .where(and(eq(pledgeMarginCalls.financingId, f.id), inArray(pledgeMarginCalls.status, ['OPEN', 'DEFAULTED'])));
  return {
    summary: {
      id: f.id,
      financingNo: f.financingNo,
      platformName: names.platformName,
      warehouseName: names.warehouseName,
      goodsId: names.goods.id,
      goodsName: names.goods.name,
      unit: names.goods.unit,
      scale: names.goods.scale,
      status: f.status,
      amount: f.amount,
      termDays: f.termDays,
      interest: f.interest,
      serviceFee: f.serviceFee,
      netAmount: f.netAmount,
      interestMode: f.interestMode,
      margin: f.margin,
      marginPaid: f.marginPaid,
      topUpMargin: f.topUpMargin,
      outstanding: f.outstanding,
      interestOwed: f.interestOwed,
      penaltyOwed: pledgeOwedOn(f, today).penalty,
      interestRefund: f.status === 'DISBURSED' || f.status === 'REPAYING' ? pledgeInterestRefund(f, today) : 0,
      pledgedQuantity,
      unitPrice,
      value: v.value,
      ltvPpm: v.ltvPpm,
      risk: v.risk,
      pledgeRatePpm: f.pledgeRatePpm,
      warningLinePpm: f.warningLinePpm,
      liquidationLinePpm: f.liquidationLinePpm,
      applyDate: f.applyDate,
      dueDate: f.dueDate,
      overdue: pledgeOverdue(f, today),
      defaulted: f.defaulted,
      openMarginCall: open ? callOf(open) : null,
    },
    items,
  };
}

const base = (db: Db) =>
  db
    .select({
      f: pledgeFinancings,
      platformName: platformDirectory.name,
      warehouseName: warehouseDirectory.name,
      goods: { id: goodsDirectory.id, name: goodsDirectory.name, unit: goodsDirectory.unit, scale: goodsDirectory.scale },
    })
    .from(pledgeFinancings)
    .innerJoin(platformDirectory, eq(platformDirectory.id, pledgeFinancings.platformId))
    .innerJoin(warehouseDirectory, eq(warehouseDirectory.id, pledgeFinancings.warehouseId))
    .innerJoin(goodsDirectory, eq(goodsDirectory.id, pledgeFinancings.goodsId));

/** /pledge/pledgeFinacy: the caller's pledge financings with value, LTV and any open margin call. */
export async function listPledges(db: Db, scope: Scope, q: { page: number; size: number; status?: PledgeFinancing['status'] }) {
  const where = and(ownedBy(scope, pledgeFinancings.enterpriseId), q.status ? eq(pledgeFinancings.status, q.status) : undefined);
  const rows = await base(db)
    .where(where)
    .orderBy(desc(pledgeFinancings.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ total }] = await db.select({ total: count() }).from(pledgeFinancings).where(where);
  const items = [];
  for (const r of rows) items.push((await summaryOf(db, r.f, r)).summary);
  return { items, totalCount: total };
}

export async function pledgeDetail(db: Db, scope: Scope, id: number) {
  const [r] = await base(db).where(and(eq(pledgeFinancings.id, id), ownedBy(scope, pledgeFinancings.enterpriseId)));
  if (!r) throw new NotFoundError('质押融资不存在');
  const { summary, items } = await summaryOf(db, r.f, r);
  const batches = items.length
    ? await db
        .select({ id: stockPositionDirectory.id, batchNo: stockPositionDirectory.batchNo })
        .from(stockPositionDirectory)
        .where(
          inArray(
            stockPositionDirectory.id,
            items.map((i) => i.positionId),
          ),
        )
    : [];
  const calls = await db.select().from(pledgeMarginCalls).where(eq(pledgeMarginCalls.financingId, id)).orderBy(asc(pledgeMarginCalls.id));
  const prices = dailyPrices(
    await db
      .select({ id: goodsPrices.id, priceDate: goodsPrices.priceDate, unitPrice: goodsPrices.unitPrice })
      .from(goodsPrices)
      .where(eq(goodsPrices.goodsId, r.f.goodsId))
      .orderBy(asc(goodsPrices.id)),
  ).map((p) => ({ priceDate: p.priceDate, unitPrice: p.unitPrice }));
  const events = await pledgeHistory(db, id);
  const orders = await db
    .select()
    .from(releaseOrderDirectory)
    .where(eq(releaseOrderDirectory.reference, pledgeReference(id)))
    .orderBy(asc(releaseOrderDirectory.id));
  const live = r.f.status === 'DISBURSED' || r.f.status === 'REPAYING';
  return {
    ...summary,
    releasable: live ? await releasableNow(db, r.f, r.goods) : null,
    items: items.map((i) => ({
      id: i.id,
      positionId: i.positionId,
      receiptId: i.receiptId,
      batchNo: batches.find((b) => b.id === i.positionId)?.batchNo ?? '',
      quantity: i.quantity,
      releasedQuantity: i.releasedQuantity,
      remaining: qty(i.quantity).minus(i.releasedQuantity).toFixed(r.goods.scale),
    })),
    marginCalls: calls.map(callOf),
    prices,
    events: events.map((e) => ({ action: e.action, note: e.note, actorName: e.actorName, at: e.createdAt.toISOString() })),
    releaseOrders: orders.map((o) => ({
      id: o.id,
      orderNo: o.orderNo,
      quantity: o.quantity,
      consumed: o.consumed,
      status: o.status,
      receiver: o.receiver ?? null,
    })),
  };
}
