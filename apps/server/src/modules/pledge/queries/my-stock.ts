import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

import {
  goodsDirectory,
  stockPositionDirectory,
  stockPositionFields,
  warehouseDirectory,
  warehouseLocationDirectory,
  warehouseReceiptDirectory,
} from '../../warehouse/index.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';

/**
 * The caller's own stock that could be pledged (/pledge/applyFinacing): available quantities and live receipts, by position.
 * A position is warehouse × location × goods × batch: the location tells apart two rows of one batch (issue 37).
 */
export async function pledgeableStock(db: Db, scope: EnterpriseScope, filter: { warehouseId?: number }) {
  const rows = await db
    .select({
      p: stockPositionFields,
      g: { id: goodsDirectory.id, name: goodsDirectory.name, unit: goodsDirectory.unit, scale: goodsDirectory.scale },
      w: { id: warehouseDirectory.id, name: warehouseDirectory.name, address: warehouseDirectory.address },
      locationCode: warehouseLocationDirectory.code,
    })
    .from(stockPositionDirectory)
    .innerJoin(goodsDirectory, eq(goodsDirectory.id, stockPositionDirectory.goodsId))
    .innerJoin(warehouseDirectory, eq(warehouseDirectory.id, stockPositionDirectory.warehouseId))
    .innerJoin(warehouseLocationDirectory, eq(warehouseLocationDirectory.id, stockPositionDirectory.locationId))
    .where(
      and(
        ownedBy(scope, stockPositionDirectory.depositorId),
        filter.warehouseId ? eq(stockPositionDirectory.warehouseId, filter.warehouseId) : undefined,
        or(gt(stockPositionDirectory.available, '0'), gt(stockPositionDirectory.frozen, '0')),
      ),
    )
    .orderBy(asc(stockPositionDirectory.id));
  const ids = rows.map((r) => r.p.id);
  const receipts = ids.length
    ? await db
        .select()
        .from(warehouseReceiptDirectory)
        .where(
          and(
            inArray(warehouseReceiptDirectory.positionId, ids),
            eq(warehouseReceiptDirectory.status, 'LIVE'),
            ownedBy(scope, warehouseReceiptDirectory.holderId),
          ),
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
