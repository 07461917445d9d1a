// The stock-takes a scope sees: a warehouse company its own warehouses', an operator all.
import { stockTakeLifecycle } from '@factoring/domain';
import type { stockTakeQuerySchema } from '@factoring/domain/contract';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { goods, stockPositions, stockTakes, warehouseLocations, warehouses } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import type { Scope } from '../../../lib/scope.ts';

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
