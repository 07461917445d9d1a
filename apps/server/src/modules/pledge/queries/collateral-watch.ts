// Collateral watch (issue 27): the risk desk's tab the goods pledge contributes (issue 35: the desk names no
// product; the pledge serves its own tab at /api/bpm/risk/collateral). Every live pledge valued at today's price through the pledge's
// own valuation (pledged quantity × current price, LTV with top-up margin counted, risk against its
// lines), the LTV distribution, open margin calls with their deadlines, and value by goods.
import {
  PLEDGE_RISK_LABELS,
  compareIsoDates,
  daysBetween,
  qty,
  sumQuantities,
  toQuantityText,
  valueAtLine,
  type IsoDate,
} from '@factoring/domain';
import { LTV_BANDS, type CollateralAnswer } from '@factoring/domain/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pledgeFinancings, pledgeMarginCalls } from '../../../db/schema/index.ts';
import { goodsDirectory, warehouseDirectory } from '../../warehouse/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { currentPrice, itemsOf, LIVE_STATUSES as PLEDGE_LIVE_STATUSES, pledgedQuantityOf, valuationOf } from '../store.ts';

const BAND_LABELS: Record<(typeof LTV_BANDS)[number], string> = {
  '0-50': '50% 以下',
  '50-60': '50%–60%',
  '60-70': '60%–70%',
  '70-80': '70%–80%',
  '80-90': '80%–90%',
  '90+': '90% 及以上',
};

const bandOf = (ltvPpm: number): (typeof LTV_BANDS)[number] =>
  ltvPpm < 500_000
    ? '0-50'
    : ltvPpm < 600_000
      ? '50-60'
      : ltvPpm < 700_000
        ? '60-70'
        : ltvPpm < 800_000
          ? '70-80'
          : ltvPpm < 900_000
            ? '80-90'
            : '90+';

export async function collateralWatch(db: Db, asOf: IsoDate): Promise<CollateralAnswer> {
  const live = await db
    .select({
      f: pledgeFinancings,
      borrowerName: enterpriseDirectory.name,
      warehouseName: warehouseDirectory.name,
      g: { id: goodsDirectory.id, name: goodsDirectory.name, unit: goodsDirectory.unit, scale: goodsDirectory.scale },
    })
    .from(pledgeFinancings)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, pledgeFinancings.enterpriseId))
    .innerJoin(warehouseDirectory, eq(warehouseDirectory.id, pledgeFinancings.warehouseId))
    .innerJoin(goodsDirectory, eq(goodsDirectory.id, pledgeFinancings.goodsId))
    .where(inArray(pledgeFinancings.status, [...PLEDGE_LIVE_STATUSES]))
    .orderBy(asc(pledgeFinancings.id));
  const prices = new Map<number, { unitPrice: number; priceDate: string } | null>();
  for (const { g } of live) if (!prices.has(g.id)) prices.set(g.id, await currentPrice(db, g.id));

  type Watched = CollateralAnswer['financings'][number] & { goodsId: number; scale: number };
  const financings: Watched[] = [];
  for (const { f, borrowerName, warehouseName, g } of live) {
    const price = prices.get(g.id) ?? null;
    const unitPrice = price?.unitPrice ?? f.lastUnitPrice;
    const quantity = pledgedQuantityOf(await itemsOf(db, f.id), g.scale);
    const v = valuationOf(f, quantity, unitPrice);
    const exposure = Math.max(0, f.outstanding - f.topUpMargin);
    const valueAtWarning = valueAtLine(exposure, f.warningLinePpm);
    const valueAtLiquidation = valueAtLine(exposure, f.liquidationLinePpm);
    financings.push({
      id: f.id,
      financingNo: f.financingNo,
      borrowerName,
      warehouseName,
      goodsId: g.id,
      goodsName: g.name,
      unit: g.unit,
      scale: g.scale,
      quantity,
      unitPrice,
      priceDate: price?.priceDate ?? null,
      value: v.value,
      outstanding: f.outstanding,
      topUpMargin: f.topUpMargin,
      ltvPpm: v.ltvPpm,
      warningLinePpm: f.warningLinePpm,
      liquidationLinePpm: f.liquidationLinePpm,
      risk: v.risk,
      riskLabel: PLEDGE_RISK_LABELS[v.risk],
      valueAtWarning,
      valueAtLiquidation,
      dropToWarningPpm:
        valueAtWarning === null || v.value <= 0 ? null : Math.max(0, Math.floor(((v.value - valueAtWarning) * 1_000_000) / v.value)),
    });
  }
  financings.sort((a, b) => b.ltvPpm - a.ltvPpm || a.id - b.id);

  const ltvBands = LTV_BANDS.map((band) => {
    const inBand = financings.filter((f) => bandOf(f.ltvPpm) === band);
    return { band, label: BAND_LABELS[band], count: inBand.length, outstanding: inBand.reduce((s, f) => s + f.outstanding, 0) };
  });
  const byRisk = (['NORMAL', 'WARNING', 'LIQUIDATION'] as const).map((risk) => {
    const inRisk = financings.filter((f) => f.risk === risk);
    return { risk, label: PLEDGE_RISK_LABELS[risk], count: inRisk.length, outstanding: inRisk.reduce((s, f) => s + f.outstanding, 0) };
  });

  const goodsRows = new Map<number, CollateralAnswer['byGoods'][number] & { scale: number }>();
  for (const f of financings) {
    const row = goodsRows.get(f.goodsId) ?? {
      goodsId: f.goodsId,
      goodsName: f.goodsName,
      unit: f.unit,
      scale: f.scale,
      quantity: toQuantityText(qty('0'), f.scale),
      unitPrice: f.unitPrice,
      priceDate: f.priceDate,
      value: 0,
      outstanding: 0,
      count: 0,
    };
    row.quantity = toQuantityText(sumQuantities(qty(row.quantity), qty(f.quantity)), f.scale);
    row.value += f.value;
    row.outstanding += f.outstanding;
    row.count += 1;
    goodsRows.set(f.goodsId, row);
  }

  const calls = await db
    .select({ c: pledgeMarginCalls, financingNo: pledgeFinancings.financingNo, borrowerName: enterpriseDirectory.name })
    .from(pledgeMarginCalls)
    .innerJoin(pledgeFinancings, eq(pledgeFinancings.id, pledgeMarginCalls.financingId))
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, pledgeFinancings.enterpriseId))
    .where(inArray(pledgeMarginCalls.status, ['OPEN', 'DEFAULTED']))
    .orderBy(asc(pledgeMarginCalls.deadline), asc(pledgeMarginCalls.id));

  return {
    asOf,
    ltvBands,
    byRisk,
    financings: financings.map(({ goodsId: _g, scale: _s, ...f }) => f),
    marginCalls: calls.map(({ c, financingNo, borrowerName }) => ({
      id: c.id,
      financingId: c.financingId,
      financingNo,
      borrowerName,
      amount: c.amount,
      paidAmount: c.paidAmount,
      ltvPpm: c.ltvPpm,
      deadline: c.deadline,
      daysLeft: compareIsoDates(c.deadline, asOf) >= 0 ? daysBetween(asOf, c.deadline) : -daysBetween(c.deadline, asOf),
      status: c.status as 'OPEN' | 'DEFAULTED',
    })),
    byGoods: [...goodsRows.values()].sort((a, b) => b.value - a.value).map(({ scale: _s, ...r }) => r),
  };
}
