import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { stockPositions, warehouseLocations, warehouseReceipts } from '../../../db/schema/index.ts';
import { goodsDirectory, warehouseDirectory } from '../../warehouse/index.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';

/**
 * The caller's own stock that could be pledged (/pledge/applyFinacing): available quantities and live receipts, by position.
 * A position is warehouse × location × goods × batch: the location tells apart two rows of one batch (issue 37).
 */
export async function pledgeableStock(db: Db, scope: EnterpriseScope, filter: { warehouseId?: number }) {
  const rows = await db
    .select({
      p: stockPositions,
      g: { id: goodsDirectory.id, name: goodsDirectory.name, unit: goodsDirectory.unit, scale: goodsDirectory.scale },
      w: { id: warehouseDirectory.id, name: warehouseDirectory.name, address: warehouseDirectory.address },
      locationCode: warehouseLocations.code,
    })
    .from(stockPositions)
    .innerJoin(goodsDirectory, eq(goodsDirectory.id, stockPositions.goodsId))
    .innerJoin(warehouseDirectory, eq(warehouseDirectory.id, stockPositions.warehouseId))
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, stockPositions.locationId))
    .where(
      and(
        ownedBy(scope, stockPositions.depositorId),
        filter.warehouseId ? eq(stockPositions.warehouseId, filter.warehouseId) : undefined,
        or(gt(stockPositions.available, '0'), gt(stockPositions.frozen, '0')),
      ),
    )
    .orderBy(asc(stockPositions.id));
  const ids = rows.map((r) => r.p.id);
  const receipts = ids.length
    ? await db
        .select()
        .from(warehouseReceipts)
        .where(
          and(inArray(warehouseReceipts.positionId, ids), eq(warehouseReceipts.status, 'LIVE'), ownedBy(scope, warehouseReceipts.holderId)),
        )
    : [];
  return rows.map(({ p, g, w, locationCode }) => ({
    positionId: p.id,
    warehouseId: w.id,
    warehouseName: w.name,
    locationCode,
    goodsId: g.id,
    goodsName: g.name,
    unit: g.unit,
    scale: g.scale,
    batchNo: p.batchNo,
    available: p.available,
    pledged: p.pledged,
    receipts: receipts.filter((r) => r.positionId === p.id).map((r) => ({ id: r.id, receiptNo: r.receiptNo, quantity: r.quantity })),
  }));
}
