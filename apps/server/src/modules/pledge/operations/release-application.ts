import type { PledgeStatus } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { pledgeFinancings } from '../../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { releaseReservation } from '../../credit/index.ts';
import { postMargin } from '../../ledger/index.ts';
import { releasePledge } from '../../warehouse/index.ts';
import { itemsOf, movePledge, pledgeReference, type Actor, type PledgeFinancing } from '../store.ts';
import type { Cents } from '@factoring/domain';
import { pledgeItems } from '../../../db/schema/index.ts';
import { voidContractsOf } from '../../contracts/index.ts';
import { PLEDGE_RELATED_TYPE } from '../contract-documents.ts';
import { withdrawPledgeVouchers } from '../voucher-store.ts';

/**
 * Ends an application before disbursement (rejected or cancelled): the goods go back to available
 * (or the receipt to LIVE), the reserved credit is given back and a paid margin returned — all in
 * the caller's transaction, with the financing row already locked.
 */
export async function endApplication(
  tx: Tx,
  f: PledgeFinancing,
  to: Extract<PledgeStatus, 'REJECTED' | 'CANCELLED'>,
  actor: Actor,
  action: string,
  note: string,
) {
  const reference = pledgeReference(f.id);
  const items = await itemsOf(tx, f.id);
  const ordered = [...items].sort((a, b) => Number(b.receiptId !== null) - Number(a.receiptId !== null) || a.positionId - b.positionId);
  for (const item of ordered) {
    if (item.receiptId !== null) await releasePledge(tx, { receiptId: item.receiptId, reference, actor });
    else await releasePledge(tx, { positionId: item.positionId, quantity: item.quantity, reference, actor });
    await tx.update(pledgeItems).set({ releasedQuantity: item.quantity }).where(eq(pledgeItems.id, item.id));
  }
  await releaseReservation(tx, f.creditLineId, f.reserved);
  if (f.marginPaid > 0)
    await postMargin(tx, {
      enterpriseId: f.enterpriseId,
      amount: f.marginPaid as Cents,
      sourceRef: `${f.financingNo} 退还保证金`,
      release: true,
      createdBy: actor.id,
    });
  await tx.update(pledgeFinancings).set({ reserved: 0, marginPaid: 0 }).where(eq(pledgeFinancings.id, f.id));
  await voidContractsOf(tx, PLEDGE_RELATED_TYPE, f.id);
  await withdrawPledgeVouchers(tx, f.id, actor, `融资${action}`);
  return movePledge(tx, { ...f, reserved: 0, marginPaid: 0 }, to, actor, action, note);
}
