// The quantity-ledger API for other modules (service.ts: the caller's transaction, the lock order):
// releasing pledged goods (redemption, 赎货).
import { receiptLifecycle } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { warehouseReceipts } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import { now } from '../../../lib/clock.ts';
import { recordReceiptEvent } from '../receipt-events.ts';
import { lockReceipt, moveBuckets, SYSTEM, type PositionTarget, type ReceiptTarget, type StockOperationResult } from '../service.ts';
import { nextNumber, postMovements } from '../stock-ledger.ts';

/** Releases pledged goods (pledged → available), or a pledged receipt (pledged → frozen; the receipt is LIVE again). */
export async function releasePledge(tx: Tx, target: PositionTarget | ReceiptTarget): Promise<StockOperationResult> {
  if ('positionId' in target) return moveBuckets(tx, 'RELEASE', target);
  const receipt = await lockReceipt(tx, target.receiptId, target.depositorId);
  if (receipt.pledgeReference !== target.reference) throw new BusinessError('该仓单未质押给此笔业务', 'RECEIPT_PLEDGE_MISMATCH');
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'LIVE', { pledgeReference: null, updatedAt: now() });
  const operationNo = await nextNumber(tx, 'operation');
  const movementIds = await postMovements(tx, [{ positionId: receipt.positionId, kind: 'RECEIPT_RELEASE', quantity: receipt.quantity }], {
    operationNo,
    reference: target.reference,
    actor: target.actor ?? SYSTEM,
  });
  await recordReceiptEvent(tx, receipt.id, 'RELEASE', { reference: target.reference }, target.actor ?? SYSTEM);
  return { operationNo, movementIds };
}
