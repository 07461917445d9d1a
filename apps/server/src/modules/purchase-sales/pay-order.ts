import {
  formatYuan,
  maskBankAccount,
  OrderError,
  orderFreePaymentEntry,
  ORDER_STATUS_LABELS,
  outstandingOf,
  splitOrderPayment,
  type Cents,
} from '@factoring/domain';
import type { PaymentQuote, PaymentResult } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { psOrderPayments, psOrders } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { orderLoanKey, type OrderLoans } from '../financing/index.ts';
import { activePayee, activePayees, lockControlledLeft, payFromControlled } from '../funds/index.ts';
import { virtualAccountBalance, rule, postEntry } from '../ledger/index.ts';
import { settleIfPaid } from './fulfil-order.ts';
import { LIVE_FINANCING } from './queries.ts';
import { enterpriseNameOf, lockOrder, recordEvent, sameName, type Actor, type Order } from './store.ts';
import { now } from '../../lib/clock.ts';

const PAYABLE = ['CONFIRMED', 'DELIVERED', 'RECEIVED'] as const;

/** The supplier's name as the buyer knows it. */
const supplierNameOf = async (db: Db | Tx, order: Order) =>
  order.ownerEnterpriseId === order.buyerEnterpriseId ? order.counterpartyName : enterpriseNameOf(db, order.ownerEnterpriseId);

/** A sales order that backs a live order loan is paid to the factor, never to the seller directly. */
export async function backsLiveLoan(db: Db | Tx, loans: OrderLoans, order: Pick<Order, 'sellerEnterpriseId' | 'orderNo'>) {
  if (!order.sellerEnterpriseId) return null;
  const loan = (await loans.backing(db, [order])).get(orderLoanKey(order.sellerEnterpriseId, order.orderNo));
  if (!loan?.financingId || !(LIVE_FINANCING as readonly string[]).includes(loan.financingStatus ?? '')) return null;
  return { id: loan.financingId, financingNo: loan.financingNo!, status: loan.financingStatus! };
}

function assertPayable(order: Order, scope: EnterpriseScope) {
  if (order.buyerEnterpriseId !== scope.enterpriseId) throw new BusinessError('只能支付本企业作为买方的采购订单', 'NOT_BUYER');
  if (!(PAYABLE as readonly string[]).includes(order.status))
    throw new BusinessError(`订单当前状态为“${ORDER_STATUS_LABELS[order.status]}”，不能付款`, 'NOT_PAYABLE');
  if (outstandingOf(order) === 0) throw new BusinessError('该订单已全部付清', 'NOTHING_OUTSTANDING');
}

/** What the targeted-payment page shows before paying: outstanding, the funds it would come from, the fee, the matching payees. */
export async function paymentQuote(db: Db, scope: EnterpriseScope, id: number, fee: number): Promise<PaymentQuote> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, scope, id);
    assertPayable(order, scope);
    const supplier = await supplierNameOf(tx, order);
    const account = await virtualAccountBalance(tx, scope.enterpriseId);
    const active = await activePayees(tx, scope);
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      counterpartyName: supplier,
      totalAmount: order.totalAmount,
      paidAmount: order.paidAmount,
      outstanding: outstandingOf(order),
      controlled: account?.controlled ?? 0,
      available: account?.available ?? 0,
      fee,
      payees: active
        .filter((p) => sameName(p.name, supplier))
        .map((p) => ({ id: p.id, name: p.name, bankName: p.bankName, accountNo: maskBankAccount(p.accountNo) })),
    };
  });
}

/**
 * Targeted payment of a purchase order to its supplier (PRODUCT §5, issue 16): only to an active
 * whitelisted payee whose name is the supplier's; controlled funds first (the funds module's
 * targeted payment, tranche by tranche), the rest and the fee from free funds, all in the caller's
 * transaction. Locks in one order — the order row, then the controlled tranches, then the ledger
 * accounts — so two payments of the same order are decided on the order row: the second sees the
 * first one's paid amount and cannot pay more than is outstanding.
 */
export async function payOrder(
  tx: Tx,
  loans: OrderLoans,
  scope: EnterpriseScope,
  actor: Actor,
  id: number,
  p: { payeeId: number; amount: Cents; fee: Cents },
): Promise<PaymentResult> {
  const order = await lockOrder(tx, scope, id);
  assertPayable(order, scope);
  const loan = await backsLiveLoan(tx, loans, order);
  if (loan) throw new BusinessError('该订单已用于订单融资，货款须支付至保理商回款账户，不能定向支付给供应商', 'ORDER_FINANCED');
  const payee = await activePayee(tx, scope, p.payeeId);
  const supplier = await supplierNameOf(tx, order);
  if (!sameName(payee.name, supplier))
    throw new BusinessError(`收款方「${payee.name}」与订单供应商「${supplier}」不一致，不能支付`, 'PAYEE_MISMATCH');

  const controlled = await lockControlledLeft(tx, scope);
  const account = await virtualAccountBalance(tx, scope.enterpriseId);
  if (!account) throw new BusinessError('本企业尚未开立虚拟账户', 'NO_ACCOUNT');
  let split;
  try {
    split = splitOrderPayment({
      amount: p.amount,
      outstanding: outstandingOf(order),
      controlled,
      available: account.available,
      fee: p.fee,
    });
  } catch (err) {
    if (err instanceof OrderError) throw new BusinessError(err.message, 'PAYMENT_REFUSED');
    throw err;
  }

  const memo = `采购订单 ${order.orderNo}`;
  const refNos: string[] = [];
  if (split.fromControlled > 0) {
    const paid = await payFromControlled(tx, scope, { payeeId: payee.id, amount: split.fromControlled, purpose: memo });
    refNos.push(paid.refNo);
  }
  if (split.freeTotal > 0) {
    const entry = await postEntry(
      tx,
      rule(() =>
        orderFreePaymentEntry({
          enterpriseId: scope.enterpriseId,
          amount: split.fromFree,
          fee: split.fee,
          payee: { name: payee.name, accountNo: payee.accountNo },
          memo,
        }),
      ),
      { createdBy: scope.userId },
    );
    refNos.push(entry.refNo);
  }
  const [payment] = await tx
    .insert(psOrderPayments)
    .values({
      orderId: order.id,
      direction: 'PAYMENT',
      method: 'TARGETED',
      amount: p.amount,
      fromControlled: split.fromControlled,
      fromFree: split.fromFree,
      fee: split.fee,
      payeeId: payee.id,
      payeeName: payee.name,
      payeeAccountNo: payee.accountNo,
      refNos,
      enterpriseId: scope.enterpriseId,
      createdBy: scope.userId,
    })
    .returning();
  const [updated] = await tx
    .update(psOrders)
    .set({ paidAmount: order.paidAmount + p.amount, updatedAt: now() })
    .where(eq(psOrders.id, order.id))
    .returning();
  const parts = [
    split.fromControlled > 0 ? `受控资金 ${formatYuan(split.fromControlled)} 元` : '',
    split.fromFree > 0 ? `可用资金 ${formatYuan(split.fromFree)} 元` : '',
    split.fee > 0 ? `手续费 ${formatYuan(split.fee)} 元` : '',
  ]
    .filter(Boolean)
    .join('，');
  await recordEvent(tx, order.id, actor, '定向支付', `支付 ${formatYuan(p.amount)} 元至 ${payee.name}（${parts}）`);
  const final = await settleIfPaid(tx, updated, actor);
  return {
    paymentId: payment.id,
    orderId: order.id,
    orderNo: order.orderNo,
    amount: p.amount,
    fromControlled: split.fromControlled,
    fromFree: split.fromFree,
    fee: split.fee,
    payeeName: payee.name,
    payeeAccountNo: maskBankAccount(payee.accountNo),
    refNos,
    outstanding: outstandingOf(final),
    status: final.status,
    statusLabel: ORDER_STATUS_LABELS[final.status],
    createdAt: payment.createdAt.toISOString(),
  };
}
