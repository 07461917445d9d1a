// /pledge/pledgeFinacy detail: the collateral value over time, from the operators' price history —
// the goods still pledged valued at each recorded price since the financing's own price, with the
// values at which today's exposure would reach the warning and the liquidation lines.
import { collateralValue, loanToValuePpm, valueAtLine } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { goodsPrices, pledgeFinancings } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { goodsOf, itemsOf, LIVE_STATUSES, pledgedQuantityOf } from '../store.ts';
import { dailyPrices } from './daily-prices.ts';

/** At most this many points: a year of daily prices. */
const MAX_POINTS = 366;

export async function pledgeValueHistory(db: Db, scope: Scope, id: number) {
  const [f] = await db
    .select()
    .from(pledgeFinancings)
    .where(and(eq(pledgeFinancings.id, id), ownedBy(scope, pledgeFinancings.enterpriseId)));
  if (!f) throw new NotFoundError('质押融资不存在');
  const item = await goodsOf(db, f.goodsId);
  const pledgedQuantity = pledgedQuantityOf(await itemsOf(db, f.id), item.scale);
  const exposureBase = LIVE_STATUSES.includes(f.status) || f.status === 'SETTLED' ? f.outstanding : f.amount;
  const exposure = Math.max(0, exposureBase - f.topUpMargin);
  const prices = await db
    .select({ id: goodsPrices.id, priceDate: goodsPrices.priceDate, unitPrice: goodsPrices.unitPrice, at: goodsPrices.createdAt })
    .from(goodsPrices)
    .where(eq(goodsPrices.goodsId, f.goodsId))
    .orderBy(asc(goodsPrices.id));
  // From the day of the price the financing was valued at (the last one recorded before it was
  // applied for) onwards, one point a day: the day's last price.
  let from = prices[0]?.priceDate ?? '';
  for (const p of prices) if (p.at <= f.createdAt) from = p.priceDate;
  const days = dailyPrices(prices).filter((p) => p.priceDate >= from);
  const points = days.slice(Math.max(0, days.length - MAX_POINTS)).map((p) => {
    const value = collateralValue(pledgedQuantity, p.unitPrice);
    const ltv = loanToValuePpm({ outstanding: exposure, value });
    return {
      priceDate: p.priceDate,
      unitPrice: p.unitPrice,
      value,
      ltvPpm: Number.isFinite(ltv) ? Math.min(ltv, 2_000_000_000) : 2_000_000_000,
    };
  });
  return {
    unit: item.unit,
    pledgedQuantity,
    exposure,
    warningValue: valueAtLine(exposure, f.warningLinePpm),
    liquidationValue: valueAtLine(exposure, f.liquidationLinePpm),
    points,
  };
}
