// The quantity-ledger API for other modules (service.ts: the caller's transaction, the lock order):
// pledging goods.
import { receiptLifecycle } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { warehouseReceipts } from '../../../db/schema/index.ts';
import { transition } from '../../../lib/transition.ts';
import { now } from '../../../lib/clock.ts';
import { recordReceiptEvent } from '../receipt-events.ts';
import { lockReceipt, moveBuckets, SYSTEM, type PositionTarget, type ReceiptTarget, type StockOperationResult } from '../service.ts';
import { nextNumber, postMovements } from '../stock-ledger.ts';

/**
 * Pledges goods: either a quantity of a position (available → pledged) or a whole live receipt
 * (its frozen quantity → pledged; the receipt becomes PLEDGED with the reference).
 */
export async function pledgeStock(tx: Tx, target: PositionTarget | ReceiptTarget): Promise<StockOperationResult> {
  if ('positionId' in target) return moveBuckets(tx, 'PLEDGE', target);
  const receipt = await lockReceipt(tx, target.receiptId, target.depositorId);
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'PLEDGED', {
    pledgeReference: target.reference,
    updatedAt: now(),
  });
  const operationNo = await nextNumber(tx, 'operation');
  const movementIds = await postMovements(tx, [{ positionId: receipt.positionId, kind: 'RECEIPT_PLEDGE', quantity: receipt.quantity }], {
    operationNo,
    reference: target.reference,
    actor: target.actor ?? SYSTEM,
  });
  await recordReceiptEvent(tx, receipt.id, 'PLEDGE', { reference: target.reference }, target.actor ?? SYSTEM);
  return { operationNo, movementIds };
}
