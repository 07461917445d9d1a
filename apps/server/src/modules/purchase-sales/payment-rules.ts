// When an order may be paid and to whom: what the buyer's payment (operations/pay-order.ts), its quote
// (queries/payment-quote.ts) and the seller's collections (operations/record-offline-collection.ts,
// submit-factor-collection.ts) share.
import { ORDER_STATUS_LABELS, outstandingOf } from '@factoring/domain';
import type { Db, Tx } from '../../db/client.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { orderLoanKey, type OrderLoans } from '../financing/index.ts';
import { LIVE_FINANCING } from './order-view.ts';
import { enterpriseNameOf, type Order } from './store.ts';

const PAYABLE = ['CONFIRMED', 'DELIVERED', 'RECEIVED'] as const;

/** The supplier's name as the buyer knows it. */
export const supplierNameOf = async (db: Db | Tx, order: Order) =>
  order.ownerEnterpriseId === order.buyerEnterpriseId ? order.counterpartyName : enterpriseNameOf(db, order.ownerEnterpriseId);

/** A sales order that backs a live order loan is paid to the factor, never to the seller directly. */
export async function backsLiveLoan(db: Db | Tx, loans: OrderLoans, order: Pick<Order, 'sellerEnterpriseId' | 'orderNo'>) {
  if (!order.sellerEnterpriseId) return null;
  const loan = (await loans.backing(db, [order])).get(orderLoanKey(order.sellerEnterpriseId, order.orderNo));
  if (!loan?.financingId || !(LIVE_FINANCING as readonly string[]).includes(loan.financingStatus ?? '')) return null;
  return { id: loan.financingId, financingNo: loan.financingNo!, status: loan.financingStatus! };
}

export function assertPayable(order: Order, scope: EnterpriseScope) {
  if (order.buyerEnterpriseId !== scope.enterpriseId) throw new BusinessError('只能支付本企业作为买方的采购订单', 'NOT_BUYER');
  if (!(PAYABLE as readonly string[]).includes(order.status))
    throw new BusinessError(`订单当前状态为“${ORDER_STATUS_LABELS[order.status]}”，不能付款`, 'NOT_PAYABLE');
  if (outstandingOf(order) === 0) throw new BusinessError('该订单已全部付清', 'NOTHING_OUTSTANDING');
}
