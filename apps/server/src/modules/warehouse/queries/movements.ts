// The movement history (scoped reads of the warehouse): the caller's Scope filters the ledger.
import { MOVEMENT_KIND_LABELS, type MovementKind } from '@factoring/domain';
import type { movementQuerySchema } from '@factoring/domain/contract';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { goods, stockMovements, stockPositions, warehouseLocations, warehouses } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { offsetOf, pageWindow } from '../../../lib/paging.ts';
import type { Scope } from '../../../lib/scope.ts';
import { stockVisibleOnColumns } from '../access.ts';

type MovementQuery = z.output<typeof movementQuerySchema>;

/** From this many skipped rows on, the movement list counts first and may read the page from the other end. */
const DEEP_PAGE_OFFSET = 1_000;

/**
 * How deep (in rows from the nearer end) a movement page may reach: the skipped rows are walked on the
 * order's index, so the middle of millions is refused with a message rather than scanned (as fund flows).
 */
const MAX_PAGE_DEPTH = 100_000;

/** The movement history (in/out records and every other movement), newest business date first, then newest recorded. */
export async function listMovements(db: Db, scope: Scope, q: MovementQuery) {
  const visibleOn = await stockVisibleOnColumns(db, scope);
  const where: SQL[] = [visibleOn(stockMovements.warehouseId, stockMovements.depositorId)];
  if (q.positionId) where.push(eq(stockMovements.positionId, q.positionId));
  if (q.warehouseId) where.push(eq(stockMovements.warehouseId, q.warehouseId));
  if (q.depositorId) where.push(eq(stockMovements.depositorId, q.depositorId));
  if (q.goodsId) where.push(eq(stockMovements.goodsId, q.goodsId));
  if (q.kind === 'IN_OUT') where.push(inArray(stockMovements.kind, ['IN', 'OUT']));
  else if (q.kind) where.push(eq(stockMovements.kind, q.kind));
  if (q.dateFrom) where.push(gte(stockMovements.occurredOn, q.dateFrom));
  if (q.dateTo) where.push(lte(stockMovements.occurredOn, q.dateTo));
  const condition = and(...where);
  // Without a kind or date filter the count is the sum of the positions' cached movement counts
  // (proven by stock:check), not a count over the whole ledger.
  const countFromPositions = !q.kind && !q.dateFrom && !q.dateTo;
  const positionWhere: SQL[] = [visibleOn(stockPositions.warehouseId, stockPositions.depositorId)];
  if (q.positionId) positionWhere.push(eq(stockPositions.id, q.positionId));
  if (q.warehouseId) positionWhere.push(eq(stockPositions.warehouseId, q.warehouseId));
  if (q.depositorId) positionWhere.push(eq(stockPositions.depositorId, q.depositorId));
  if (q.goodsId) positionWhere.push(eq(stockPositions.goodsId, q.goodsId));
  const total = () =>
    countFromPositions
      ? db
          .select({ n: sql<number>`coalesce(sum(${stockPositions.movementCount}), 0)::int` })
          .from(stockPositions)
          .where(and(...positionWhere))
      : db.select({ n: count() }).from(stockMovements).where(condition);
  // A deep page is read from the nearer end of the order: the count first, then the walk from the
  // oldest end when that is shorter (the last page of a million movements is ten index entries away).
  const offset = offsetOf(q);
  const known = offset >= DEEP_PAGE_OFFSET ? Number((await total())[0]?.n ?? 0) : undefined;
  const window = known === undefined ? { fromOldest: false, skip: offset, take: q.size } : pageWindow(q, known);
  if (!window) return { items: [], totalCount: known ?? 0 };
  if (window.skip > MAX_PAGE_DEPTH)
    throw new BusinessError(
      `出入库记录较多，仅可查看最新或最早的 ${Math.floor(MAX_PAGE_DEPTH / q.size)} 页；其余请按日期、货品或仓库筛选后查看`,
    );
  // The page's ids first, from the order's index alone; the names are joined to those rows only,
  // not to every row an offset skips (page 1000 skips 9,990).
  const page = db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(condition)
    .orderBy(
      ...(window.fromOldest
        ? [asc(stockMovements.occurredOn), asc(stockMovements.id)]
        : [desc(stockMovements.occurredOn), desc(stockMovements.id)]),
    )
    .limit(window.take)
    .offset(window.skip)
    .as('page');
  const [items, [counted]] = await Promise.all([
    db
      .select({
        m: stockMovements,
        warehouseName: warehouses.name,
        locationCode: warehouseLocations.code,
        depositorName: enterpriseDirectory.name,
        goodsName: goods.name,
        unit: goods.unit,
        scale: goods.scale,
        batchNo: stockPositions.batchNo,
      })
      .from(page)
      .innerJoin(stockMovements, eq(stockMovements.id, page.id))
      .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
      .innerJoin(stockPositions, eq(stockPositions.id, stockMovements.positionId))
      .innerJoin(warehouseLocations, eq(warehouseLocations.id, stockPositions.locationId))
      .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, stockMovements.depositorId))
      .innerJoin(goods, eq(goods.id, stockMovements.goodsId))
      // Business-date order (the day the goods moved, which may be entered after the fact), newest first.
      .orderBy(desc(stockMovements.occurredOn), desc(stockMovements.id)),
    known === undefined ? total() : [{ n: known }],
  ]);
  return {
    items: items.map((r) => ({
      id: r.m.id,
      operationNo: r.m.operationNo,
      kind: r.m.kind,
      kindLabel: MOVEMENT_KIND_LABELS[r.m.kind as MovementKind] ?? r.m.kind,
      positionId: r.m.positionId,
      warehouseName: r.warehouseName,
      locationCode: r.locationCode,
      depositorName: r.depositorName,
      goodsName: r.goodsName,
      unit: r.unit,
      scale: r.scale,
      batchNo: r.batchNo,
      quantity: r.m.quantity,
      available: r.m.dAvailable,
      pledged: r.m.dPledged,
      frozen: r.m.dFrozen,
      occurredOn: r.m.occurredOn,
      documentNo: r.m.documentNo,
      reference: r.m.reference,
      note: r.m.note,
      actorName: r.m.actorName,
      createdAt: r.m.createdAt.toISOString(),
    })),
    totalCount: Number(counted?.n ?? 0),
  };
}
