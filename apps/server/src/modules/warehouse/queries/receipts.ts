// The receipts a scope sees (scoped reads of the warehouse, filtered with stockVisibleTo).
import { receiptLifecycle } from '@factoring/domain';
import type { receiptQuerySchema } from '@factoring/domain/contract';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { goods, stockPositions, warehouseLocations, warehouseReceipts, warehouses } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import type { Scope } from '../../../lib/scope.ts';
import { stockVisibleTo } from '../access.ts';

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
