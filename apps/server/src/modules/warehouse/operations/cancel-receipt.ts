// Electronic warehouse receipts (电子仓单, receipts.ts: who may do what, the lock order):
// the holder surrenders one.
import { receiptLifecycle } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { warehouseReceipts } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { now } from '../../../lib/clock.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { createTask } from '../../bpm/index.ts';
import { recordReceiptEvent } from '../receipt-events.ts';
import { assertLive, holdersReceipt, RECEIPT_CANCEL_TASK } from '../receipts.ts';
import { nextNumber, postMovements, type Actor } from '../stock-ledger.ts';

/**
 * The holder surrenders a receipt. A live one ends at once and its goods become available again (to
 * the holder, who now instructs the warehouse as for any stock). A pledged one backs a financing: the
 * request waits for the factor (CANCEL_PENDING), and its goods stay pledged either way.
 */
export async function cancelReceipt(tx: Tx, scope: EnterpriseScope, input: { receiptId: number; reason: string }, actor: Actor) {
  const receipt = await holdersReceipt(tx, scope, input.receiptId);
  if (receipt.status === 'PLEDGED') {
    await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'CANCEL_PENDING', { updatedAt: now() });
    const [holder] = await tx
      .select({ name: enterpriseDirectory.name })
      .from(enterpriseDirectory)
      .where(eq(enterpriseDirectory.id, receipt.holderId));
    await createTask(tx, {
      type: RECEIPT_CANCEL_TASK,
      subject: `质押仓单注销：${receipt.receiptNo}`,
      enterpriseId: receipt.holderId,
      refId: receipt.id,
      data: { receiptId: receipt.id, reason: input.reason },
      fields: [
        { label: '仓单编号', value: receipt.receiptNo },
        { label: '持有人', value: holder?.name ?? '' },
        { label: '数量', value: receipt.quantity },
        { label: '质押业务', value: receipt.pledgeReference ?? '' },
        { label: '注销原因', value: input.reason },
        { label: '提示', value: '该仓单已质押：注销后货物仍保持质押，直至融资方解除质押' },
      ],
      submittedBy: actor.id ? { id: actor.id, name: actor.name } : null,
    });
    await recordReceiptEvent(tx, receipt.id, 'CANCEL_REQUEST', { reason: input.reason }, actor);
    return { id: receipt.id, status: 'CANCEL_PENDING' as const };
  }
  // A cancellation already waiting for the factor is decided there, never by asking again.
  assertLive(receipt, '注销');
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'CANCELLED', { updatedAt: now() });
  const operationNo = await nextNumber(tx, 'operation');
  await postMovements(tx, [{ positionId: receipt.positionId, kind: 'RECEIPT_CANCEL', quantity: receipt.quantity }], {
    operationNo,
    reference: `RECEIPT:${receipt.id}`,
    note: input.reason,
    actor,
  });
  await recordReceiptEvent(tx, receipt.id, 'CANCEL', { reason: input.reason }, actor);
  return { id: receipt.id, status: 'CANCELLED' as const };
}
