import { randomUUID } from 'node:crypto';
import {
  addDays,
  formatPercent,
  formatYuan,
  marginCallAmount,
  marginCallLifecycle,
  needsMarginCall,
  PLEDGE_RISK_LABELS,
  type Cents,
  type IsoDate,
} from '@factoring/domain';
import type { GoodsPriceInput } from '@factoring/domain/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { goodsPrices, pledgeFinancings, pledgeMarginCalls, type TaskField } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { goodsItem, type GoodsItem } from '../../warehouse/index.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import { createTask, type BpmTask, type DecisionEffect, type TaskOperator } from '../../bpm/index.ts';
import {
  currentPrice,
  itemsOf,
  LIVE_STATUSES,
  operatorActor,
  PLEDGE_TASK,
  pledgedQuantityOf,
  recordPledgeEvent,
  valuationOf,
  type Actor,
  type PledgeFinancing,
} from '../store.ts';

/** Days the enterprise has to meet a margin call (PRODUCT §8). */
export const MARGIN_CALL_DAYS = 3;

type Goods = GoodsItem;
type OpenCall = typeof pledgeMarginCalls.$inferSelect;
export type MarginCallMove = { action: 'RAISE' | 'RESIZE' | 'WITHDRAW'; amount: number };

/**
 * What a unit price does to one live financing (the one rule the mark to market and its preview
 * share): value and LTV at that price, the top-up restoring the pledge rate, and the margin call
 * move — an open call is re-sized to the top-up or withdrawn when none is needed; otherwise a call
 * is raised over the liquidation line, or over the warning line with a falling price.
 */
function markOf(f: PledgeFinancing, pledgedQuantity: string, unitPrice: number, priceFalling: boolean, open: OpenCall | undefined) {
  const v = valuationOf(f, pledgedQuantity, unitPrice);
  const need = marginCallAmount({ outstanding: f.outstanding, topUpMargin: f.topUpMargin, value: v.value, pledgeRatePpm: f.pledgeRatePpm });
  let move: MarginCallMove | null = null;
  if (open) move = need > 0 ? { action: 'RESIZE', amount: need } : { action: 'WITHDRAW', amount: open.amount };
  else if (need > 0 && needsMarginCall({ ltvPpm: v.ltvPpm, priceFalling, terms: f })) move = { action: 'RAISE', amount: need };
  return { ...v, need, move };
}

/**
 * A new unit price taking effect (the price list keeps every row: date, price, source, who entered
 * it). Every live pledge of that goods is marked to market in the same transaction: value and LTV are
 * recomputed; over the liquidation line, or over the warning line with a falling price, a margin call
 * restoring the pledge rate is raised — at most one OPEN per financing (an open call is re-sized).
 * Serialised per goods on the goods row, then the financing rows are locked in id order, so two
 * racing prices neither deadlock nor raise two calls. `actor` acts on the financings (the operator
 * whose approval makes the price take effect); `enteredBy` is recorded on the price row.
 */
export async function applyGoodsPrice(tx: Tx, actor: Actor, input: GoodsPriceInput, today: IsoDate, enteredBy: Actor = actor) {
  if (!Number.isSafeInteger(input.unitPrice) || input.unitPrice <= 0) throw new BusinessError('单价必须大于0', 'PRICE_NOT_POSITIVE');
  const item = await goodsItem(tx, input.goodsId, { lock: true });
  if (!item) throw new NotFoundError('货物不存在');
  const [previous] = await tx.select().from(goodsPrices).where(eq(goodsPrices.goodsId, item.id)).orderBy(desc(goodsPrices.id)).limit(1);
  const [price] = await tx
    .insert(goodsPrices)
    .values({
      goodsId: item.id,
      priceDate: input.priceDate,
      unitPrice: input.unitPrice,
      source: input.source,
      recordedBy: enteredBy.id,
      recordedByName: enteredBy.name,
    })
    .returning();
  const priceFalling = previous !== undefined && input.unitPrice < previous.unitPrice;
  const result = await markToMarket(tx, item, input.unitPrice, priceFalling, actor, today);
  return { priceId: price!.id, unitPriceBefore: previous?.unitPrice ?? null, ...result };
}

/** A price taking effect at once, in its own transaction: the system's (the demo seed). Operators enter prices for review (`submitGoodsPrice`). */
export async function recordGoodsPrice(db: Db, actor: Actor, input: GoodsPriceInput, today: IsoDate) {
  return inTransaction(db, (tx) => applyGoodsPrice(tx, actor, input, today));
}

async function markToMarket(tx: Tx, item: Goods, unitPrice: number, priceFalling: boolean, actor: Actor, today: IsoDate) {
  const live = await tx
    .select()
    .from(pledgeFinancings)
    .where(and(eq(pledgeFinancings.goodsId, item.id), inArray(pledgeFinancings.status, [...LIVE_STATUSES])))
    .orderBy(asc(pledgeFinancings.id))
    .for('update');
  const marginCalls: { financingId: number; financingNo: string; amount: number; ltvPpm: number }[] = [];
  let warnings = 0;
  for (const f of live) {
    const [open] = await tx
      .select()
      .from(pledgeMarginCalls)
      .where(and(eq(pledgeMarginCalls.financingId, f.id), eq(pledgeMarginCalls.status, 'OPEN')))
      .for('update');
    const v = markOf(f, pledgedQuantityOf(await itemsOf(tx, f.id), item.scale), unitPrice, priceFalling, open);
    await tx
      .update(pledgeFinancings)
      .set({ lastUnitPrice: unitPrice, lastValue: v.value, lastLtvPpm: v.ltvPpm, updatedAt: now() })
      .where(eq(pledgeFinancings.id, f.id));
    if (v.risk !== 'NORMAL') warnings++;
    const note = `单价 ${formatYuan(unitPrice)} 元，货值 ${formatYuan(v.value)} 元，质押率（LTV）${formatPercent(v.ltvPpm)}`;
    if (open) {
      if (v.move?.action === 'RESIZE')
        await tx.update(pledgeMarginCalls).set({ amount: v.need, ltvPpm: v.ltvPpm, unitPrice }).where(eq(pledgeMarginCalls.id, open.id));
      else await transition(tx, pledgeMarginCalls, marginCallLifecycle, open, 'WITHDRAWN', { closedAt: now() });
      await recordPledgeEvent(
        tx,
        f.id,
        actor,
        v.need > 0 ? '调整补缴保证金' : '撤销补缴通知',
        `${note}${v.need > 0 ? `，应补缴 ${formatYuan(v.need)} 元` : '，已恢复至质押率以内'}`,
      );
      if (v.need > 0) marginCalls.push({ financingId: f.id, financingNo: f.financingNo, amount: v.need, ltvPpm: v.ltvPpm });
    } else if (v.move?.action === 'RAISE') {
      await tx
        .insert(pledgeMarginCalls)
        .values({ financingId: f.id, amount: v.need, ltvPpm: v.ltvPpm, unitPrice, deadline: addDays(today, MARGIN_CALL_DAYS) });
      await recordPledgeEvent(
        tx,
        f.id,
        actor,
        '补缴保证金通知',
        `${note}，应于 ${addDays(today, MARGIN_CALL_DAYS)} 前补缴 ${formatYuan(v.need)} 元`,
      );
      marginCalls.push({ financingId: f.id, financingNo: f.financingNo, amount: v.need, ltvPpm: v.ltvPpm });
    } else {
      await recordPledgeEvent(tx, f.id, actor, v.risk === 'NORMAL' ? '盯市估值' : '质押率预警', note);
    }
  }
  return { revalued: live.length, warnings, marginCalls };
}

/**
 * What a unit price would do if it took effect now, without changing anything: which live financings
 * of the goods it leaves past the warning or liquidation line (LTV before → after, against the
 * current price) and the margin call it would raise, re-size or withdraw. The operator sees it before
 * saving a price, and the second operator sees it, live, in the approval drawer.
 */
export async function previewGoodsPrice(db: Db | Tx, goodsId: number, unitPrice: number) {
  const item = await goodsItem(db, goodsId);
  if (!item) throw new NotFoundError('货物不存在');
  const before = await currentPrice(db, item.id);
  const priceFalling = before !== null && unitPrice < before.unitPrice;
  const live = await db
    .select({ f: pledgeFinancings, enterpriseName: enterpriseDirectory.name })
    .from(pledgeFinancings)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, pledgeFinancings.enterpriseId))
    .where(and(eq(pledgeFinancings.goodsId, item.id), inArray(pledgeFinancings.status, [...LIVE_STATUSES])))
    .orderBy(asc(pledgeFinancings.id));
  const affected = [];
  for (const { f, enterpriseName } of live) {
    const [open] = await db
      .select()
      .from(pledgeMarginCalls)
      .where(and(eq(pledgeMarginCalls.financingId, f.id), eq(pledgeMarginCalls.status, 'OPEN')));
    const quantity = pledgedQuantityOf(await itemsOf(db, f.id), item.scale);
    const now = valuationOf(f, quantity, before?.unitPrice ?? f.lastUnitPrice);
    const after = markOf(f, quantity, unitPrice, priceFalling, open);
    if (after.risk === 'NORMAL' && !after.move) continue;
    affected.push({
      financingId: f.id,
      financingNo: f.financingNo,
      enterpriseName,
      ltvBeforePpm: now.ltvPpm,
      ltvAfterPpm: after.ltvPpm,
      warningLinePpm: f.warningLinePpm,
      liquidationLinePpm: f.liquidationLinePpm,
      riskBefore: now.risk,
      riskAfter: after.risk,
      riskAfterLabel: PLEDGE_RISK_LABELS[after.risk],
      valueAfter: after.value,
      marginCall: after.move,
    });
  }
  return {
    goodsId: item.id,
    goodsName: item.name,
    unit: item.unit,
    unitPriceBefore: before?.unitPrice ?? null,
    unitPrice,
    priceFalling,
    revalued: live.length,
    affected,
  };
}

export type GoodsPricePreview = Awaited<ReturnType<typeof previewGoodsPrice>>;

const MOVE_WORDS: Record<MarginCallMove['action'], string> = {
  RAISE: '发出补缴保证金通知',
  RESIZE: '调整补缴保证金为',
  WITHDRAW: '撤销补缴通知',
};

/** The preview as labelled rows (the approval drawer's live facts). */
export function previewFacts(p: GoodsPricePreview): TaskField[] {
  const per = (price: number | null) => (price === null ? '暂无报价' : `¥${formatYuan(price)}/${p.unit}`);
  const rows: TaskField[] = [
    {
      label: '单价变动（现价 → 新价）',
      value: `${per(p.unitPriceBefore)} → ${per(p.unitPrice)}${p.priceFalling ? '（下跌）' : ''}`,
    },
    { label: '重估质押融资', value: `${p.revalued} 笔` },
  ];
  if (!p.affected.length) rows.push({ label: '超过预警线 / 平仓线', value: '无' });
  for (const a of p.affected) {
    const call = a.marginCall
      ? `，${MOVE_WORDS[a.marginCall.action]}${a.marginCall.action === 'WITHDRAW' ? '' : ` ${formatYuan(a.marginCall.amount)} 元`}`
      : '';
    rows.push({
      label: `${a.financingNo}（${a.enterpriseName}）`,
      value: `质押率 ${formatPercent(a.ltvBeforePpm)} → ${formatPercent(a.ltvAfterPpm)}（${a.riskAfterLabel}）${call}`,
    });
  }
  return rows;
}

/** What a PLEDGE_PRICE task keeps of the entry (`bpm_tasks.data`). */
type PriceTaskData = {
  goodsId: number;
  unitPrice: Cents;
  priceDate: string;
  source: string;
  unitPriceBefore: number | null;
  enteredBy: { id: number; name: string };
};

/**
 * Operator (the maker): enters a unit price. Nothing is recorded or revalued: the entry waits in the
 * inbox as a PLEDGE_PRICE task (质押货物价格复核) submitted by this operator, and only another
 * operator's approval makes it take effect (four eyes, issue 21). Each entry is its own task, so
 * two entries for one goods may wait side by side.
 */
export async function submitGoodsPrice(tx: Tx, by: TaskOperator, input: GoodsPriceInput) {
  if (!Number.isSafeInteger(input.unitPrice) || input.unitPrice <= 0) throw new BusinessError('单价必须大于0', 'PRICE_NOT_POSITIVE');
  const preview = await previewGoodsPrice(tx, input.goodsId, input.unitPrice);
  const data: PriceTaskData = {
    goodsId: preview.goodsId,
    unitPrice: input.unitPrice,
    priceDate: input.priceDate,
    source: input.source,
    unitPriceBefore: preview.unitPriceBefore,
    enteredBy: { id: by.id, name: by.name },
  };
  const per = (price: number | null) => (price === null ? '暂无报价' : `¥${formatYuan(price)}/${preview.unit}`);
  const taskId = await createTask(tx, {
    type: PLEDGE_TASK.PRICE,
    subject: `质押货物价格复核：${preview.goodsName} ${per(preview.unitPriceBefore)} → ${per(input.unitPrice)}`,
    enterpriseId: null,
    refId: `${preview.goodsId}:${randomUUID()}`,
    data,
    fields: [
      { label: '货物', value: preview.goodsName },
      { label: '录入单价', value: per(input.unitPrice) },
      { label: '录入时现价', value: per(preview.unitPriceBefore) },
      { label: '价格日期', value: input.priceDate },
      { label: '价格来源', value: input.source },
      {
        label: '录入时预计影响',
        value: `重估 ${preview.revalued} 笔，${preview.affected.filter((a) => a.riskAfter !== 'NORMAL').length} 笔超过预警线，${preview.affected.filter((a) => a.marginCall?.action === 'RAISE').length} 笔新发补缴通知`,
      },
    ],
    submittedBy: by,
  });
  return {
    status: 'PENDING_REVIEW' as const,
    taskId,
    goodsId: preview.goodsId,
    goodsName: preview.goodsName,
    unit: preview.unit,
    unitPriceBefore: preview.unitPriceBefore,
    unitPrice: input.unitPrice,
    priceDate: input.priceDate,
  };
}

/** The approval drawer's live facts: what the entered price would do now (nothing once decided). */
export async function priceTaskFacts(db: Db, task: BpmTask): Promise<TaskField[]> {
  if (task.state !== 'PENDING') return [];
  const d = task.data as PriceTaskData;
  return previewFacts(await previewGoodsPrice(db, d.goodsId, d.unitPrice));
}

/**
 * The checker approves a PLEDGE_PRICE task: the price takes effect (price list row, mark to market,
 * margin calls) in the decision's transaction. The decision's audit row records who entered it, who
 * confirmed it, and the price before and after.
 */
export async function approveGoodsPrice(tx: Tx, task: BpmTask, operator: TaskOperator, today: IsoDate): Promise<DecisionEffect> {
  const d = task.data as PriceTaskData;
  const { goodsId, unitPrice, priceDate, source, enteredBy } = d;
  const r = await applyGoodsPrice(tx, operatorActor(operator), { goodsId, unitPrice, priceDate, source }, today, enteredBy);
  return {
    before: { goodsId, unitPrice: r.unitPriceBefore },
    after: {
      goodsId,
      unitPrice,
      priceDate,
      source,
      enteredBy,
      confirmedBy: { id: operator.id, name: operator.name },
      priceId: r.priceId,
      revalued: r.revalued,
      warnings: r.warnings,
      marginCalls: r.marginCalls,
    },
  };
}

/** The checker rejects it: the price never takes effect. */
export async function rejectGoodsPrice(task: BpmTask, operator: TaskOperator, reason: string): Promise<DecisionEffect> {
  const d = task.data as PriceTaskData;
  return {
    before: { goodsId: d.goodsId, unitPrice: d.unitPriceBefore },
    after: {
      goodsId: d.goodsId,
      unitPrice: d.unitPriceBefore,
      rejected: d.unitPrice,
      enteredBy: d.enteredBy,
      rejectedBy: { id: operator.id, name: operator.name },
      reason,
    },
  };
}
