// A depositor's own stock, summed per warehouse and goods.
import { qty, toQuantityText } from '@factoring/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { goods, stockPositions, warehouses } from '../../../db/schema/index.ts';
import { nonEmpty } from './positions.ts';

/** The depositor's own stock, summed per warehouse and goods (its financing pages and the goods guide). */
export async function ownStock(db: Db, enterpriseId: number) {
  const rows = await db
    .select({
      warehouseId: stockPositions.warehouseId,
      warehouseName: warehouses.name,
      goodsId: stockPositions.goodsId,
      goodsName: goods.name,
      unit: goods.unit,
      scale: goods.scale,
      available: sql<string>`sum(${stockPositions.available})`,
      pledged: sql<string>`sum(${stockPositions.pledged})`,
      frozen: sql<string>`sum(${stockPositions.frozen})`,
    })
    .from(stockPositions)
    .innerJoin(warehouses, eq(warehouses.id, stockPositions.warehouseId))
    .innerJoin(goods, eq(goods.id, stockPositions.goodsId))
    .where(and(eq(stockPositions.depositorId, enterpriseId), nonEmpty))
    .groupBy(stockPositions.warehouseId, warehouses.name, stockPositions.goodsId, goods.name, goods.unit, goods.scale)
    .orderBy(asc(warehouses.name), asc(goods.name));
  return rows.map((r) => ({
    ...r,
    available: toQuantityText(qty(r.available)),
    pledged: toQuantityText(qty(r.pledged)),
    frozen: toQuantityText(qty(r.frozen)),
    total: toQuantityText(qty(r.available).plus(qty(r.pledged)).plus(qty(r.frozen))),
  }));
}
