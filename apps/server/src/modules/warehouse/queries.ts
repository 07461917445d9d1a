// Scoped reads of the warehouse: inventory, movement history, receipts, stock-takes, own stock.
// Every function takes the caller's Scope and filters with stockVisibleTo.
import { MOVEMENT_KIND_LABELS, qty, receiptLifecycle, stockTakeLifecycle, toQuantityText, type MovementKind } from '@factoring/domain';
import type { movementQuerySchema, positionQuerySchema, receiptQuerySchema, stockTakeQuerySchema } from '@factoring/domain/contract';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import {
  goods,
  stockMovements,
  stockPositions,
  stockTakes,
  warehouseLocations,
  warehouseReceipts,
  warehouses,
} from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, pageWindow } from '../../lib/paging.ts';
import type { Scope } from '../../lib/scope.ts';
import { stockVisibleTo } from './access.ts';
import { canonicalContent, readContent, sha256 } from './receipts.ts';

const nonEmpty = sql`(${stockPositions.available} <> 0 or ${stockPositions.pledged} <> 0 or ${stockPositions.frozen} <> 0)`;

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

/** The inventory (/warehouse/stockDetails): one row per position with total, available, pledged, frozen. */
export async function listPositions(db: Db, scope: Scope, q: PositionQuery) {
  const where = positionFilters(scope, q);
  const [items, [total]] = await Promise.all([
    positionBase(db)
      .where(where)
      .orderBy(...positionOrder)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(stockPositions).innerJoin(warehouses, eq(warehouses.id, stockPositions.warehouseId)).where(where),
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

/**
 * The scope's filter on a table carrying warehouse and depositor ids, without joining warehouses:
 * a warehouse company's own warehouse ids are read first (a handful), so the filter is two indexed
 * columns and the newest-first page can walk the primary key instead of sorting the whole ledger.
 */
async function scopeOnColumns(db: Db, scope: Scope, warehouseColumn: PgColumn, depositorColumn: PgColumn): Promise<SQL> {
  if (scope.kind === 'operator') return sql`true`;
  const own = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, scope.enterpriseId));
  const mine = eq(depositorColumn, scope.enterpriseId);
  return own.length
    ? or(
        inArray(
          warehouseColumn,
          own.map((w) => w.id),
        ),
        mine,
      )!
    : mine;
}

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
  const visible = await scopeOnColumns(db, scope, stockMovements.warehouseId, stockMovements.depositorId);
  const where: SQL[] = [visible];
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
  const positionWhere: SQL[] = [await scopeOnColumns(db, scope, stockPositions.warehouseId, stockPositions.depositorId)];
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

const receiptColumns = {
  r: warehouseReceipts,
  holderName: enterpriseDirectory.name,
  warehouseName: warehouses.name,
  locationCode: warehouseLocations.code,
  goodsName: goods.name,
  specification: goods.specification,
  unit: goods.unit,
  scale: goods.scale,
  batchNo: stockPositions.batchNo,
};

const receiptBase = (db: Db) =>
  db
    .select(receiptColumns)
    .from(warehouseReceipts)
    .innerJoin(stockPositions, eq(stockPositions.id, warehouseReceipts.positionId))
    .innerJoin(warehouses, eq(warehouses.id, warehouseReceipts.warehouseId))
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, stockPositions.locationId))
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, warehouseReceipts.holderId))
    .innerJoin(goods, eq(goods.id, stockPositions.goodsId));

const toReceipt = (x: Awaited<ReturnType<ReturnType<typeof receiptBase>['execute']>>[number]) => ({
  id: x.r.id,
  receiptNo: x.r.receiptNo,
  status: x.r.status,
  statusLabel: receiptLifecycle.label(x.r.status),
  positionId: x.r.positionId,
  holderId: x.r.holderId,
  holderName: x.holderName,
  warehouseId: x.r.warehouseId,
  warehouseName: x.warehouseName,
  locationCode: x.locationCode,
  goodsName: x.goodsName,
  specification: x.specification,
  unit: x.unit,
  scale: x.scale,
  batchNo: x.batchNo,
  quantity: x.r.quantity,
  contentHash: x.r.contentHash,
  version: x.r.version,
  parentIds: x.r.parentIds,
  issuedAt: x.r.issuedAt.toISOString(),
  updatedAt: x.r.updatedAt.toISOString(),
});

export async function listReceipts(db: Db, scope: Scope, q: z.output<typeof receiptQuerySchema>) {
  const where: SQL[] = [stockVisibleTo(scope, warehouseReceipts.holderId)];
  if (q.status === 'ACTIVE') where.push(inArray(warehouseReceipts.status, ['LIVE', 'PLEDGED', 'CANCEL_PENDING']));
  else if (q.status) where.push(eq(warehouseReceipts.status, q.status));
  if (q.warehouseId) where.push(eq(warehouseReceipts.warehouseId, q.warehouseId));
  const condition = and(...where);
  const [items, [total]] = await Promise.all([
    receiptBase(db)
      .where(condition)
      .orderBy(desc(warehouseReceipts.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: count() })
      .from(warehouseReceipts)
      .innerJoin(warehouses, eq(warehouses.id, warehouseReceipts.warehouseId))
      .where(condition),
  ]);
  return { items: items.map(toReceipt), totalCount: total?.n ?? 0 };
}

/**
 * The verification page (issue 21): any logged-in user checks a receipt by what is printed on it —
 * its number and content hash. Only a matching pair is answered with what the receipt states (its
 * stored snapshot, as hashed) and its current status; any other pair learns nothing, not even whether
 * the number exists.
 */
export async function verifyReceipt(db: Db, receiptNo: string, hash: string) {
  const [row] = await db
    .select({ r: warehouseReceipts, warehouseName: warehouses.name })
    .from(warehouseReceipts)
    .innerJoin(warehouses, eq(warehouses.id, warehouseReceipts.warehouseId))
    .where(eq(warehouseReceipts.receiptNo, receiptNo.trim().toUpperCase()));
  const given = hash.trim().toLowerCase();
  const expected = row?.r.contentHash ?? '';
  const matches = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!row || !matches) return { ...NOTHING_KNOWN, receiptNo };
  const r = row.r;
  // Receipts made before snapshots were stored state what the catalogue says (the hash was made of it then).
  const content = r.content ?? (await db.transaction((tx) => canonicalContent(tx, r)));
  const stated = readContent(content);
  const [quantity, unit] = (stated.quantity ?? '').split(' ');
  return {
    found: true,
    receiptNo: r.receiptNo,
    hashMatches: sha256(content) === r.contentHash,
    status: r.status,
    statusLabel: receiptLifecycle.label(r.status),
    warehouseName: stated.warehouse ?? row.warehouseName,
    locationCode: stated.location ?? null,
    holderName: stated.holder ?? null,
    holderUscc: stated.holderUscc || null,
    goodsName: stated.goods ?? null,
    specification: stated.specification || null,
    batchNo: stated.batchNo ?? null,
    quantity: quantity ?? null,
    unit: unit ?? null,
    version: r.version,
    contentHash: r.contentHash,
    issuedAt: r.issuedAt.toISOString(),
  };
}

const NOTHING_KNOWN = {
  found: false,
  hashMatches: false,
  status: null,
  statusLabel: null,
  warehouseName: null,
  locationCode: null,
  holderName: null,
  holderUscc: null,
  goodsName: null,
  specification: null,
  batchNo: null,
  quantity: null,
  unit: null,
  version: null,
  contentHash: null,
  issuedAt: null,
};

export async function listStockTakes(db: Db, scope: Scope, q: z.output<typeof stockTakeQuerySchema>) {
  const where: SQL[] = [scope.kind === 'operator' ? sql`true` : eq(warehouses.companyId, scope.enterpriseId)];
  if (q.status) where.push(eq(stockTakes.status, q.status));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ t: stockTakes, warehouseName: warehouses.name, locationCode: warehouseLocations.code })
      .from(stockTakes)
      .innerJoin(warehouses, eq(warehouses.id, stockTakes.warehouseId))
      .innerJoin(warehouseLocations, eq(warehouseLocations.id, stockTakes.locationId))
      .where(condition)
      .orderBy(desc(stockTakes.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(stockTakes).innerJoin(warehouses, eq(warehouses.id, stockTakes.warehouseId)).where(condition),
  ]);
  const positionIds = [...new Set(rows.flatMap((r) => r.t.lines.map((l) => l.positionId)))];
  const info = positionIds.length
    ? await db
        .select({
          id: stockPositions.id,
          depositorName: enterpriseDirectory.name,
          goodsName: goods.name,
          unit: goods.unit,
          scale: goods.scale,
          batchNo: stockPositions.batchNo,
        })
        .from(stockPositions)
        .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, stockPositions.depositorId))
        .innerJoin(goods, eq(goods.id, stockPositions.goodsId))
        .where(inArray(stockPositions.id, positionIds))
    : [];
  return {
    items: rows.map(({ t, warehouseName, locationCode }) => ({
      id: t.id,
      takeNo: t.takeNo,
      status: t.status,
      statusLabel: stockTakeLifecycle.label(t.status),
      warehouseName,
      locationCode,
      countedOn: t.countedOn,
      alert: t.alert,
      lines: t.lines.map((l) => {
        const p = info.find((i) => i.id === l.positionId);
        return {
          positionId: l.positionId,
          depositorName: p?.depositorName ?? '',
          goodsName: p?.goodsName ?? '',
          unit: p?.unit ?? '',
          scale: p?.scale ?? 3,
          batchNo: p?.batchNo ?? '',
          book: l.book,
          counted: l.counted,
          difference: l.difference,
          touchesEncumbered: l.touchesEncumbered,
        };
      }),
      createdAt: t.createdAt.toISOString(),
    })),
    totalCount: total?.n ?? 0,
  };
}

/** Certified enterprises a warehouse user may record stock for or a holder may endorse to (not itself). */
export async function enterpriseOptions(db: Db, scope: Scope, keyword?: string) {
  const where: SQL[] = [eq(enterpriseDirectory.certified, true)];
  if (scope.kind === 'enterprise') where.push(ne(enterpriseDirectory.id, scope.enterpriseId));
  if (keyword)
    where.push(
      or(
        sql`${enterpriseDirectory.name} ilike ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
        eq(enterpriseDirectory.uscc, keyword.toUpperCase()),
      )!,
    );
  return db
    .select({ id: enterpriseDirectory.id, name: enterpriseDirectory.name, uscc: enterpriseDirectory.uscc })
    .from(enterpriseDirectory)
    .where(and(...where))
    .orderBy(asc(enterpriseDirectory.name))
    .limit(50);
}
