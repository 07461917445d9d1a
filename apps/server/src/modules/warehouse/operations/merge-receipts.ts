// Electronic warehouse receipts (电子仓单, receipts.ts: who may do what, the lock order):
// the holder merges several into one.
import { receiptLifecycle, sumQuantities, toQuantityText } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { warehouseReceipts } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { now } from '../../../lib/clock.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { recordReceiptEvent } from '../receipt-events.ts';
import { assertLive, holdersReceipt, insertReceipt } from '../receipts.ts';
import type { Actor } from '../stock-ledger.ts';

/** Merges live receipts of the same holder and position into one. */
export async function mergeReceipts(tx: Tx, scope: EnterpriseScope, input: { receiptIds: number[] }, actor: Actor) {
  const ids = [...new Set(input.receiptIds)].sort((a, b) => a - b);
  if (ids.length < 2) throw new BusinessError('合并至少需要两张不同的仓单', 'MERGE_PARTS');
  const rows = [];
  for (const id of ids) rows.push(await holdersReceipt(tx, scope, id));
  for (const r of rows) assertLive(r, '合并');
  const first = rows[0]!;
  if (rows.some((r) => r.positionId !== first.positionId || r.holderId !== first.holderId)) {
    throw new BusinessError('只能合并同一持有人、同一仓库库位、同一商品批次的仓单', 'MERGE_MISMATCH');
  }
  for (const r of rows) await transition(tx, warehouseReceipts, receiptLifecycle, r, 'MERGED', { updatedAt: now() });
  const quantity = toQuantityText(sumQuantities(...rows.map((r) => r.quantity)));
  const merged = await insertReceipt(tx, {
    positionId: first.positionId,
    holderId: first.holderId,
    warehouseId: first.warehouseId,
    quantity,
    parentIds: ids,
    issuedBy: actor.id,
  });
  for (const r of rows) await recordReceiptEvent(tx, r.id, 'MERGE', { into: merged.receiptNo }, actor);
  await recordReceiptEvent(tx, merged.id, 'ISSUE', { mergedFrom: rows.map((r) => r.receiptNo), quantity }, actor);
  return { id: merged.id, receiptNo: merged.receiptNo, quantity };
}
