import { formatYuan, marginCallLifecycle, qty, type Cents } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pledgeItems, pledgeMarginCalls } from '../../../db/schema/index.ts';
import { transition } from '../../../lib/transition.ts';
import { postMargin } from '../../ledger/index.ts';
import { releasePledge } from '../../warehouse/index.ts';
import { itemsOf, movePledge, pledgeReference, type Actor, type PledgeFinancing } from '../store.ts';
import { withdrawPledgeVouchers } from '../voucher-store.ts';
import { now } from '../../../lib/clock.ts';

/**
 * Settlement once nothing is owed: every unit still pledged goes back to the enterprise's available
 * stock (a pledged receipt back to LIVE), the margin and every top-up are returned from the margin
 * bucket, a pending margin call is withdrawn. The financing row is locked by the caller.
 */
export async function settlePledge(tx: Tx, f: PledgeFinancing, actor: Actor) {
  const reference = pledgeReference(f.id);
  const items = await itemsOf(tx, f.id);
  const ordered = [...items].sort((a, b) => Number(b.receiptId !== null) - Number(a.receiptId !== null) || a.positionId - b.positionId);
  for (const item of ordered) {
    const remaining = qty(item.quantity).minus(item.releasedQuantity);
    if (remaining.lte(0)) continue;
    if (item.receiptId !== null) await releasePledge(tx, { receiptId: item.receiptId, reference, actor });
    else await releasePledge(tx, { positionId: item.positionId, quantity: remaining.toFixed(3), reference, actor, note: '结清解除质押' });
    await tx.update(pledgeItems).set({ releasedQuantity: item.quantity }).where(eq(pledgeItems.id, item.id));
  }
  const margin = f.marginPaid + f.topUpMargin;
  if (margin > 0)
    await postMargin(tx, {
      enterpriseId: f.enterpriseId,
      amount: margin as Cents,
      sourceRef: `${f.financingNo} 结清退还保证金`,
      release: true,
      createdBy: actor.id,
    });
  const open = await tx
    .select()
    .from(pledgeMarginCalls)
    .where(and(eq(pledgeMarginCalls.financingId, f.id), inArray(pledgeMarginCalls.status, ['OPEN', 'DEFAULTED'])));
  for (const call of open) await transition(tx, pledgeMarginCalls, marginCallLifecycle, call, 'WITHDRAWN', { closedAt: now() });
  await withdrawPledgeVouchers(tx, f.id, actor, '融资已结清');
  return movePledge(tx, f, 'SETTLED', actor, '结清', `退还保证金 ${formatYuan(margin)} 元，剩余质押货物全部解除质押`, {
    marginPaid: 0,
    topUpMargin: 0,
    overdue: false,
    defaulted: false,
  });
}
