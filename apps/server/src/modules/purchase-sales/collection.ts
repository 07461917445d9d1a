// What recording an order's collection shares, whether the seller records money paid outside the platform
// (operations/record-offline-collection.ts) or operators record and approve money that reached the factor
// (operations/submit-factor-collection.ts, confirm-factor-collection.ts; the task's facts:
// factor-collection-facts.ts).
import { formatYuan, ORDER_STATUS_LABELS, outstandingOf, type Cents } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { psOrderPayments, psOrders } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { virtualAccountBalance } from '../ledger/index.ts';
import { settleIfPaid } from './settle-if-paid.ts';
import type { Actor, Order } from './store.ts';
import { now } from '../../lib/clock.ts';

const COLLECTABLE = ['CONFIRMED', 'DELIVERED', 'RECEIVED'];

export function assertCollectable(order: Order, amount: number) {
  if (!COLLECTABLE.includes(order.status))
    throw new BusinessError(`订单当前状态为“${ORDER_STATUS_LABELS[order.status]}”，不能登记回款`, 'NOT_PAYABLE');
  if (amount > outstandingOf(order))
    throw new BusinessError(`回款金额超过订单未收金额（未收 ${formatYuan(outstandingOf(order))} 元）`, 'OVERPAY');
}

export async function book(
  tx: Tx,
  order: Order,
  actor: Actor,
  p: {
    method: 'OFFLINE' | 'FACTOR_COLLECTION';
    amount: number;
    loanRepaid: number;
    refNos: string[];
    note: string | null;
    enterpriseId: number | null;
  },
) {
  const [payment] = await tx
    .insert(psOrderPayments)
    .values({
      orderId: order.id,
      direction: 'COLLECTION',
      method: p.method,
      amount: p.amount,
      loanRepaid: p.loanRepaid,
      refNos: p.refNos,
      note: p.note,
      enterpriseId: p.enterpriseId,
      createdBy: actor.id,
    })
    .returning();
  const [updated] = await tx
    .update(psOrders)
    .set({ paidAmount: order.paidAmount + p.amount, updatedAt: now() })
    .where(eq(psOrders.id, order.id))
    .returning();
  const final = await settleIfPaid(tx, updated, actor);
  return {
    paymentId: payment.id,
    orderId: order.id,
    orderNo: order.orderNo,
    amount: p.amount,
    loanRepaid: p.loanRepaid,
    refNos: p.refNos,
    outstanding: outstandingOf(final),
    status: final.status,
    statusLabel: ORDER_STATUS_LABELS[final.status],
  };
}

/** Whether the platform may take this collection of the order now: the seller's account it would credit. */
export async function factorCollectable(tx: Tx, order: Order, amount: number) {
  if (!order.sellerEnterpriseId) throw new BusinessError('卖方不是平台企业，不能登记平台回款', 'SELLER_OFF_PORTAL');
  assertCollectable(order, amount);
  const account = await virtualAccountBalance(tx, order.sellerEnterpriseId);
  if (!account) throw new BusinessError('卖方尚未开立虚拟账户', 'NO_ACCOUNT');
  return { sellerEnterpriseId: order.sellerEnterpriseId, account };
}

/** What a PS_FACTOR_COLLECTION task keeps of the recorded collection (`bpm_tasks.data`): the posting's input. */
export type FactorCollectionTaskData = { orderId: number; orderNo: string; amount: Cents; payerName: string | null };
