import { formatYuan, ORDER_STATUS_LABELS, outstandingOf, type Cents } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { psOrderPayments, psOrders } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { EnterpriseScope, Scope } from '../../lib/scope.ts';
import { virtualAccountBalance } from '../ledger/balances.ts';
import { recordDeposit } from '../funds/deposit.ts';
import { openTranches, quoteOf } from '../supplyloan/quote.ts';
import { repayOnline } from '../supplyloan/repay-online.ts';
import { lockFinancing } from '../supplyloan/store.ts';
import { settleIfPaid } from './fulfil-order.ts';
import { backsLiveLoan } from './pay-order.ts';
import { lockOrder, recordEvent, type Actor, type Order } from './store.ts';
import { now, chinaToday } from '../../lib/clock.ts';

const COLLECTABLE = ['CONFIRMED', 'DELIVERED', 'RECEIVED'];

function assertCollectable(order: Order, amount: number) {
  if (!COLLECTABLE.includes(order.status))
    throw new BusinessError(`订单当前状态为“${ORDER_STATUS_LABELS[order.status]}”，不能登记回款`, 'NOT_PAYABLE');
  if (amount > outstandingOf(order))
    throw new BusinessError(`回款金额超过订单未收金额（未收 ${formatYuan(outstandingOf(order))} 元）`, 'OVERPAY');
}

async function book(
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

/**
 * The seller records money its buyer paid outside the platform. Refused for an order that backs a
 * live order loan: that money must reach the factor, who repays the loan from it first.
 */
export async function recordOfflineCollection(
  tx: Tx,
  scope: EnterpriseScope,
  actor: Actor,
  id: number,
  p: { amount: Cents; note: string | null },
) {
  const order = await lockOrder(tx, scope, id);
  if (order.sellerEnterpriseId !== scope.enterpriseId) throw new BusinessError('只能为本企业作为卖方的销售订单登记回款', 'NOT_SELLER');
  assertCollectable(order, p.amount);
  if (await backsLiveLoan(tx, order))
    throw new BusinessError('该订单已用于订单融资，回款须由买方付至保理商回款账户，由平台登记后优先归还融资', 'ORDER_FINANCED');
  const result = await book(tx, order, actor, {
    method: 'OFFLINE',
    amount: p.amount,
    loanRepaid: 0,
    refNos: [],
    note: p.note,
    enterpriseId: scope.enterpriseId,
  });
  await recordEvent(tx, order.id, actor, '登记回款', `线下回款 ${formatYuan(p.amount)} 元${p.note ? `：${p.note}` : ''}`);
  return result;
}

/**
 * Operator: the buyer's payment of a sales order reached the factor's bank (issue 16, "its collection
 * repays the loan first"). The money is credited to the seller's virtual account, and if the order
 * backs a disbursed order loan, that loan is repaid from it first — penalty, interest, principal, as
 * the supply-loan module allocates — in the same transaction; the rest stays free for the seller.
 */
export async function recordFactorCollection(
  tx: Tx,
  scope: Scope,
  actor: Actor & { id: number },
  id: number,
  p: { amount: Cents; payerName: string | null },
) {
  const order = await lockOrder(tx, scope, id);
  if (!order.sellerEnterpriseId) throw new BusinessError('卖方不是平台企业，不能登记平台回款', 'SELLER_OFF_PORTAL');
  assertCollectable(order, p.amount);
  const account = await virtualAccountBalance(tx, order.sellerEnterpriseId);
  if (!account) throw new BusinessError('卖方尚未开立虚拟账户', 'NO_ACCOUNT');
  const deposit = await recordDeposit(tx, {
    operatorId: actor.id,
    accountNo: account.accountNo,
    amount: p.amount,
    payerName: p.payerName,
    memo: `销售订单 ${order.orderNo} 回款`,
  });
  const refNos = [deposit.refNo];
  let loanRepaid = 0;
  const loan = await backsLiveLoan(tx, order);
  if (loan && (loan.status === 'DISBURSED' || loan.status === 'REPAYING')) {
    const today = chinaToday();
    // The repayment is the seller's, from the money just credited to it: it runs in the seller's scope.
    const seller: EnterpriseScope = {
      kind: 'enterprise',
      enterpriseId: order.sellerEnterpriseId,
      userId: actor.id,
      certified: true,
      warehouse: false,
    };
    const financing = await lockFinancing(tx, seller, loan.id);
    const owed = quoteOf(financing, await openTranches(tx, loan.id, true), today).total;
    const repay = Math.min(owed, p.amount);
    if (repay > 0) {
      const repaid = await repayOnline(tx, seller, loan.id, { id: actor.id, name: actor.name }, repay, today);
      loanRepaid = repay;
      refNos.push(repaid.refNo);
    }
  }
  const result = await book(tx, order, actor, {
    method: 'FACTOR_COLLECTION',
    amount: p.amount,
    loanRepaid,
    refNos,
    note: p.payerName ? `付款人：${p.payerName}` : null,
    enterpriseId: order.sellerEnterpriseId,
  });
  await recordEvent(
    tx,
    order.id,
    actor,
    '平台登记回款',
    `回款 ${formatYuan(p.amount)} 元${loanRepaid ? `，优先归还订单融资 ${loan!.financingNo} ${formatYuan(loanRepaid)} 元` : ''}`,
  );
  return result;
}
