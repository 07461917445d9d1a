// Electronic warehouse receipts (电子仓单, receipts.ts: who may do what, the lock order):
// the holder endorses one to another enterprise.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { stockPositions, warehouseReceipts } from '../../../db/schema/index.ts';
import { now } from '../../../lib/clock.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { endorseeOf } from '../queries/endorsee.ts';
import { recordReceiptEvent } from '../receipt-events.ts';
import { assertLive, holdersReceipt, snapshot } from '../receipts.ts';
import { ensurePosition, nextNumber, postMovements, type Actor } from '../stock-ledger.ts';

/**
 * Endorses a live receipt to another certified enterprise: the receipt's goods move to the new
 * holder's position (frozen there), the receipt's version and hash change, the number stays.
 */
export async function endorseReceipt(tx: Tx, scope: EnterpriseScope, input: { receiptId: number; toUscc: string }, actor: Actor) {
  const receipt = await holdersReceipt(tx, scope, input.receiptId);
  assertLive(receipt, '背书');
  const to = await endorseeOf(tx, scope, input.toUscc);
  const [from] = await tx.select().from(stockPositions).where(eq(stockPositions.id, receipt.positionId));
  const target = await ensurePosition(tx, {
    warehouseId: from!.warehouseId,
    locationId: from!.locationId,
    depositorId: to.id,
    goodsId: from!.goodsId,
    batchNo: from!.batchNo,
  });
  const operationNo = await nextNumber(tx, 'operation');
  await postMovements(
    tx,
    [
      { positionId: from!.id, kind: 'ENDORSE_OUT', quantity: receipt.quantity },
      { positionId: target, kind: 'ENDORSE_IN', quantity: receipt.quantity },
    ],
    { operationNo, reference: `RECEIPT:${receipt.id}`, actor },
  );
  const version = receipt.version + 1;
  const stated = await snapshot(tx, {
    receiptNo: receipt.receiptNo,
    version,
    positionId: target,
    quantity: receipt.quantity,
    issuedAt: receipt.issuedAt,
  });
  await tx
    .update(warehouseReceipts)
    .set({ positionId: target, holderId: to.id, version, ...stated, updatedAt: now() })
    .where(eq(warehouseReceipts.id, receipt.id));
  await recordReceiptEvent(
    tx,
    receipt.id,
    'ENDORSE',
    {
      fromEnterpriseId: receipt.holderId,
      toEnterpriseId: to.id,
      toName: to.name,
      toUscc: to.uscc,
      version,
      contentHash: stated.contentHash,
    },
    actor,
  );
  return { id: receipt.id, receiptNo: receipt.receiptNo, holderName: to.name, holderUscc: to.uscc, contentHash: stated.contentHash };
}
