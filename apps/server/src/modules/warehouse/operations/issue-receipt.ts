// Electronic warehouse receipts (电子仓单, receipts.ts: who may do what, the lock order):
// the warehouse company issues one.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { goods } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { ownPosition } from '../access.ts';
import { recordReceiptEvent } from '../receipt-events.ts';
import { insertReceipt } from '../receipts.ts';
import { quantityFor } from '../movement-input.ts';
import { nextNumber, postMovements, type Actor } from '../stock-ledger.ts';

/** Issues a receipt against the depositor's available stock in the warehouse company's own warehouse. */
export async function issueReceipt(
  tx: Tx,
  scope: EnterpriseScope,
  input: { positionId: number; quantity: string; note?: string },
  actor: Actor,
) {
  const { position } = await ownPosition(tx, scope, input.positionId);
  const [item] = await tx.select().from(goods).where(eq(goods.id, position.goodsId));
  const quantity = quantityFor(item!, input.quantity, '仓单数量');
  const operationNo = await nextNumber(tx, 'operation');
  await postMovements(tx, [{ positionId: position.id, kind: 'RECEIPT_ISSUE', quantity }], { operationNo, note: input.note ?? null, actor });
  const receipt = await insertReceipt(tx, {
    positionId: position.id,
    holderId: position.depositorId,
    warehouseId: position.warehouseId,
    quantity,
    parentIds: [],
    issuedBy: actor.id,
  });
  await recordReceiptEvent(tx, receipt.id, 'ISSUE', { quantity }, actor);
  return { id: receipt.id, receiptNo: receipt.receiptNo, contentHash: receipt.contentHash };
}
