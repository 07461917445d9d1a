import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { goodsPrices, pledgeTerms } from '../../../db/schema/index.ts';
import { goodsDirectory } from '../../warehouse/index.ts';

/** The operators' price list: every goods item some pledge platform accepts, its current price and history (newest first). */
export async function goodsPriceList(db: Db) {
  const accepted = await db.selectDistinct({ goodsId: pledgeTerms.goodsId }).from(pledgeTerms);
  const ids = accepted.map((a) => a.goodsId);
  if (!ids.length) return [];
  const items = await db.select().from(goodsDirectory).where(inArray(goodsDirectory.id, ids)).orderBy(asc(goodsDirectory.id));
  const result = [];
  for (const g of items) {
    const history = await db.select().from(goodsPrices).where(eq(goodsPrices.goodsId, g.id)).orderBy(desc(goodsPrices.id)).limit(50);
    result.push({
      goodsId: g.id,
      goodsName: g.name,
      unit: g.unit,
      unitPrice: history[0]?.unitPrice ?? null,
      priceDate: history[0]?.priceDate ?? null,
      history: history.map((h) => ({
        id: h.id,
        priceDate: h.priceDate,
        unitPrice: h.unitPrice,
        source: h.source,
        recordedByName: h.recordedByName,
        at: h.createdAt.toISOString(),
      })),
    });
  }
  return result;
}
