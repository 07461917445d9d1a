// Electronic warehouse receipts (电子仓单, receipts.ts: who may do what, the lock order):
// the operator decides the holder's request to cancel a pledged one (the WAREHOUSE_RECEIPT_CANCEL task that
// cancel-receipt.ts opens).
import { receiptLifecycle } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { warehouseReceipts } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { now } from '../../../lib/clock.ts';
import { transition } from '../../../lib/transition.ts';
import { recordReceiptEvent } from '../receipt-events.ts';
import { lockReceipts } from '../receipts.ts';
import type { Actor } from '../stock-ledger.ts';

/** Operator approves cancelling a pledged receipt: the receipt ends; its goods stay pledged to the financing. */
export async function approveReceiptCancel(tx: Tx, receiptId: number, actor: Actor) {
  const [receipt] = await lockReceipts(tx, [receiptId]);
  if (!receipt) throw new BusinessError('仓单不存在', 'RECEIPT_NOT_FOUND');
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'CANCELLED', { updatedAt: now() });
  await recordReceiptEvent(tx, receipt.id, 'CANCEL', { approvedBy: actor.name, goodsStayPledged: receipt.pledgeReference }, actor);
  return { before: { status: receipt.status }, after: { status: 'CANCELLED' } };
}

export async function rejectReceiptCancel(tx: Tx, receiptId: number, reason: string, actor: Actor) {
  const [receipt] = await lockReceipts(tx, [receiptId]);
  if (!receipt) throw new BusinessError('仓单不存在', 'RECEIPT_NOT_FOUND');
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'PLEDGED', { updatedAt: now() });
  await recordReceiptEvent(tx, receipt.id, 'CANCEL_REJECTED', { reason }, actor);
  return { before: { status: receipt.status }, after: { status: 'PLEDGED' } };
}
