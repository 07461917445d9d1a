// Shared pieces of the pledge module: row types, locks, the history, the current price and the
// valuation of a financing with the domain's rules (packages/domain/src/pledge.ts).
import {
  collateralValue,
  loanToValuePpm,
  pledgeLifecycle,
  pledgeRisk,
  qty,
  sumQuantities,
  toQuantityText,
  type PledgeRisk,
  type PledgeStatus,
} from '@factoring/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { goodsPrices, pledgeFinancings, pledgeItems } from '../../db/schema/index.ts';
import { goodsItem } from '../warehouse/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import type { Scope } from '../../lib/scope.ts';
import { loanStore } from '../financing/index.ts';

export type PledgeFinancing = typeof pledgeFinancings.$inferSelect;
export type PledgeItem = typeof pledgeItems.$inferSelect;

export { factorScope } from '../../lib/scope.ts';
export { operatorActor, SYSTEM, type Actor } from '../../lib/actor.ts';

/** The operator task types of pledge financing (/bpm/tasks). */
export const PLEDGE_TASK = {
  APPROVAL: 'PLEDGE_APPROVAL',
  DISBURSE: 'PLEDGE_DISBURSE',
  MARGIN_DEFAULT: 'PLEDGE_MARGIN_DEFAULT',
  PRICE: 'PLEDGE_PRICE',
} as const;

/** The reference written on every stock movement of a pledge financing (warehouse README). */
export const pledgeReference = (financingId: number) => `PLEDGE:${financingId}`;

/** Financings whose goods are still pledged and whose loan is (or will be) live: revalued on a new price. */
export const LIVE_STATUSES: readonly PledgeStatus[] = ['DISBURSED', 'REPAYING'];

/** Goods-pledge financings in the lending core's one store: `ZY` numbers, `pledgeLifecycle`. */
const store = loanStore({
  product: 'PLEDGE',
  table: pledgeFinancings,
  lifecycle: pledgeLifecycle,
  notFound: '质押融资不存在',
  numberPrefix: 'ZY',
});

/** Locks a pledge financing `FOR UPDATE`; another enterprise's answers 404 whether or not it exists. */
export const lockPledge: (tx: Tx, scope: Scope, id: number) => Promise<PledgeFinancing> = store.lock;
/** Adds a row to a financing's history. */
export const recordPledgeEvent = store.record;
/** Moves a financing along `pledgeLifecycle` (anything else refused) and records it. */
export const movePledge: (
  tx: Tx,
  f: PledgeFinancing,
  to: PledgeStatus,
  actor: Actor,
  action: string,
  note?: string | null,
  extra?: Partial<typeof pledgeFinancings.$inferInsert>,
) => Promise<PledgeFinancing> = store.move;
/** A financing's history, oldest first. */
export const pledgeHistory = store.historyOf;
export const pledgeNoOf = store.numberOf;

/** The current unit price of a goods item: its latest price-list row. */
export async function currentPrice(db: Db | Tx, goodsId: number): Promise<{ unitPrice: number; priceDate: string } | null> {
  const [row] = await db
    .select({ unitPrice: goodsPrices.unitPrice, priceDate: goodsPrices.priceDate })
    .from(goodsPrices)
    .where(eq(goodsPrices.goodsId, goodsId))
    .orderBy(desc(goodsPrices.id))
    .limit(1);
  return row ?? null;
}

export async function requirePrice(db: Db | Tx, goodsId: number) {
  const price = await currentPrice(db, goodsId);
  if (!price) throw new BusinessError('该货物尚无运营报价，暂不能质押', 'PLEDGE_NO_PRICE');
  return price;
}

export async function goodsOf(db: Db | Tx, goodsId: number) {
  const row = await goodsItem(db, goodsId);
  if (!row) throw new NotFoundError('货物不存在');
  return row;
}

export async function itemsOf(db: Db | Tx, financingId: number): Promise<PledgeItem[]> {
  return db.select().from(pledgeItems).where(eq(pledgeItems.financingId, financingId)).orderBy(asc(pledgeItems.id));
}

/** Quantity still pledged: Σ (quantity − released). */
export const pledgedQuantityOf = (items: PledgeItem[], scale: number) =>
  toQuantityText(sumQuantities(...items.map((i) => qty(i.quantity).minus(i.releasedQuantity))), scale);

/** The mark to market of a financing at a unit price: value, LTV and where it stands against the lines. */
export function valuationOf(
  f: PledgeFinancing,
  pledgedQuantity: string,
  unitPrice: number,
): { value: number; ltvPpm: number; risk: PledgeRisk } {
  const value = collateralValue(pledgedQuantity, unitPrice);
  // Before disbursement the exposure is the applied amount; afterwards the principal outstanding.
  const exposure = LIVE_STATUSES.includes(f.status) || f.status === 'SETTLED' ? f.outstanding : f.amount;
  const ltv = loanToValuePpm({ outstanding: exposure, topUpMargin: f.topUpMargin, value });
  const ltvPpm = Number.isFinite(ltv) ? Math.min(ltv, 2_000_000_000) : 2_000_000_000;
  return { value, ltvPpm, risk: pledgeRisk(ltvPpm, f) };
}
