// Electronic warehouse receipts (电子仓单, receipts.ts: who may do what, the lock order):
// the holder splits one.
import { checkSplit, QuantityError, receiptLifecycle } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { goods, stockPositions, warehouseReceipts } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { now } from '../../../lib/clock.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { recordReceiptEvent } from '../receipt-events.ts';
import { assertLive, holdersReceipt, insertReceipt } from '../receipts.ts';
import { quantityFor } from '../movement-input.ts';
import type { Actor } from '../stock-ledger.ts';

const splitRule = (whole: string, parts: string[]) => {
  try {
    checkSplit(whole, parts);
  } catch (err) {
    if (err instanceof QuantityError) throw new BusinessError(err.message, err.code);
    throw err;
  }
};

/** Splits a live receipt into parts that add up exactly to it. No goods move: they stay frozen. */
export async function splitReceipt(tx: Tx, scope: EnterpriseScope, input: { receiptId: number; parts: string[] }, actor: Actor) {
  const receipt = await holdersReceipt(tx, scope, input.receiptId);
  assertLive(receipt, '拆分');
  const [position] = await tx.select().from(stockPositions).where(eq(stockPositions.id, receipt.positionId));
  const [item] = await tx.select().from(goods).where(eq(goods.id, position!.goodsId));
  const parts = input.parts.map((p) => quantityFor(item!, p, '拆分数量'));
  splitRule(receipt.quantity, parts);
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'SPLIT', { updatedAt: now() });
  const children = [];
  for (const quantity of parts) {
    children.push(
      await insertReceipt(tx, {
        positionId: receipt.positionId,
        holderId: receipt.holderId,
        warehouseId: receipt.warehouseId,
        quantity,
        parentIds: [receipt.id],
        issuedBy: actor.id,
      }),
    );
  }
  await recordReceiptEvent(tx, receipt.id, 'SPLIT', { into: children.map((c) => c.receiptNo), parts }, actor);
  for (const c of children) await recordReceiptEvent(tx, c.id, 'ISSUE', { splitFrom: receipt.receiptNo, quantity: c.quantity }, actor);
  return { receipts: children.map((c) => ({ id: c.id, receiptNo: c.receiptNo, quantity: c.quantity })) };
}
