// The quantity-ledger API for other modules (service.ts: the caller's transaction, the lock order):
// the live receipts of positions.
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { warehouseReceipts } from '../../../db/schema/index.ts';

/** Live (not pledged) receipts of positions, e.g. to offer them for a pledge. */
export async function liveReceiptsOf(tx: Tx, positionIds: number[]) {
  if (!positionIds.length) return [];
  return tx
    .select()
    .from(warehouseReceipts)
    .where(and(inArray(warehouseReceipts.positionId, positionIds), eq(warehouseReceipts.status, 'LIVE')));
}
