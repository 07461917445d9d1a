// The inventory (scoped reads of the warehouse): one row per position, filtered by the caller's scope.
import { qty, toQuantityText } from '@factoring/domain';
import type { positionQuerySchema } from '@factoring/domain/contract';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { goods, stockPositions, warehouseLocations, warehouses } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import type { Scope } from '../../../lib/scope.ts';
import { stockVisibleOnColumns, stockVisibleTo } from '../access.ts';

export const nonEmpty = sql`(${stockPositions.available} <> 0 or ${stockPositions.pledged} <> 0 or ${stockPositions.frozen} <> 0)`;

const positionColumns = {
  id: stockPositions.id,
  warehouseId: stockPositions.warehouseId,
  warehouseName: warehouses.name,
  locationId: stockPositions.locationId,
  locationCode: warehouseLocations.code,
  depositorId: stockPositions.depositorId,
  depositorName: enterpriseDirectory.name,
  goodsId: stockPositions.goodsId,
  goodsName: goods.name,
  specification: goods.specification,
  category: goods.category,
  unit: goods.unit,
  scale: goods.scale,
  batchNo: stockPositions.batchNo,
  /** The position's business date: the day of its last recorded movement, kept by postMovements (issue 38). */
  lastMovedOn: stockPositions.lastMovedOn,
  available: stockPositions.available,
  pledged: stockPositions.pledged,
  frozen: stockPositions.frozen,
  updatedAt: stockPositions.updatedAt,
};

type PositionQuery = z.output<typeof positionQuerySchema>;

function positionFilters(scope: Scope, q: Omit<PositionQuery, 'page' | 'size'>): SQL {
  const where: SQL[] = [stockVisibleTo(scope)];
  if (q.warehouseId) where.push(eq(stockPositions.warehouseId, q.warehouseId));
  if (q.depositorId) where.push(eq(stockPositions.depositorId, q.depositorId));
  if (q.goodsId) where.push(eq(stockPositions.goodsId, q.goodsId));
  if (q.includeEmpty !== 'true') where.push(nonEmpty);
  return and(...where)!;
}

const positionBase = (db: Db) =>
  db
    .select(positionColumns)
    .from(stockPositions)
    .innerJoin(warehouses, eq(warehouses.id, stockPositions.warehouseId))
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, stockPositions.locationId))
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, stockPositions.depositorId))
    .innerJoin(goods, eq(goods.id, stockPositions.goodsId));

const toPosition = (r: Awaited<ReturnType<ReturnType<typeof positionBase>['execute']>>[number]) => ({
  ...r,
  total: toQuantityText(qty(r.available).plus(qty(r.pledged)).plus(qty(r.frozen))),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Business-date order: the latest business date first, then the newest position — the order of the
 * index stock_positions_business_order, so a page is read from it rather than sorting every position.
 */
const positionOrder = [sql`${stockPositions.lastMovedOn} desc nulls last`, desc(stockPositions.id)];

/**
 * The inventory (/warehouse/stockDetails): one row per position with total, available, pledged, frozen.
 * The page's ids and the count come from the positions alone — the scope on their own warehouse and
 * depositor columns (`stockVisibleOnColumns`), the page walking the business-order index — and the
 * names are joined to the page's rows only, so the first page costs the same at a thousand positions
 * as at ten (issue 38: joining every position before the top-ten sort doubled it).
 */
export async function listPositions(db: Db, scope: Scope, q: PositionQuery) {
  const where: SQL[] = [(await stockVisibleOnColumns(db, scope))(stockPositions.warehouseId, stockPositions.depositorId)];
  if (q.warehouseId) where.push(eq(stockPositions.warehouseId, q.warehouseId));
  if (q.depositorId) where.push(eq(stockPositions.depositorId, q.depositorId));
  if (q.goodsId) where.push(eq(stockPositions.goodsId, q.goodsId));
  if (q.includeEmpty !== 'true') where.push(nonEmpty);
  const condition = and(...where);
  const page = db
    .select({ id: stockPositions.id })
    .from(stockPositions)
    .where(condition)
    .orderBy(...positionOrder)
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .as('page');
  const [items, [total]] = await Promise.all([
    positionBase(db)
      .innerJoin(page, eq(page.id, stockPositions.id))
      .orderBy(...positionOrder),
    db.select({ n: count() }).from(stockPositions).where(condition),
  ]);
  return { items: items.map(toPosition), totalCount: total?.n ?? 0 };
}

/** All positions of a filter (Excel export), capped. */
export async function exportPositions(db: Db, scope: Scope, q: Omit<PositionQuery, 'page' | 'size'>) {
  const rows = await positionBase(db)
    .where(positionFilters(scope, q))
    .orderBy(...positionOrder)
    .limit(10_000);
  return rows.map(toPosition);
}

export async function findVisiblePosition(db: Db, scope: Scope, id: number) {
  const [row] = await positionBase(db).where(and(eq(stockPositions.id, id), stockVisibleTo(scope)));
  if (!row) throw new NotFoundError('库存记录不存在');
  return toPosition(row);
}
