// The quantity-ledger API for other modules (service.ts: the caller's transaction, the lock order):
// the stock a scope sees, with its buckets.
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { goods, stockPositions, warehouseLocations, warehouses } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import type { Scope } from '../../../lib/scope.ts';
import { stockVisibleTo } from '../access.ts';

/** Stock positions visible to a scope (a depositor: its own; a warehouse company: its warehouses'), with buckets. */
export async function availableStock(tx: Tx, scope: Scope, filter: { warehouseId?: number; depositorId?: number; goodsId?: number } = {}) {
  const where: SQL[] = [stockVisibleTo(scope)];
  if (filter.warehouseId) where.push(eq(stockPositions.warehouseId, filter.warehouseId));
  if (filter.depositorId) where.push(eq(stockPositions.depositorId, filter.depositorId));
  if (filter.goodsId) where.push(eq(stockPositions.goodsId, filter.goodsId));
  const rows = await tx
    .select({
      positionId: stockPositions.id,
      warehouseId: stockPositions.warehouseId,
      warehouseName: warehouses.name,
      locationCode: warehouseLocations.code,
      depositorId: stockPositions.depositorId,
      depositorName: enterpriseDirectory.name,
      goodsId: stockPositions.goodsId,
      goodsName: goods.name,
      unit: goods.unit,
      scale: goods.scale,
      batchNo: stockPositions.batchNo,
      available: stockPositions.available,
      pledged: stockPositions.pledged,
      frozen: stockPositions.frozen,
    })
    .from(stockPositions)
    .innerJoin(warehouses, eq(warehouses.id, stockPositions.warehouseId))
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, stockPositions.locationId))
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, stockPositions.depositorId))
    .innerJoin(goods, eq(goods.id, stockPositions.goodsId))
    .where(and(...where))
    .orderBy(asc(stockPositions.id));
  return rows;
}
