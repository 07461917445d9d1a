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
import type { PaymentResult } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { psOrderPayments, psOrders } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import type { OrderLoans } from '../../financing/index.ts';
import { activePayee, lockControlledLeft, payFromControlled } from '../../funds/index.ts';
import { virtualAccountBalance, rule, postEntry } from '../../ledger/index.ts';
import { assertPayable, backsLiveLoan, supplierNameOf } from '../payment-rules.ts';
import { settleIfPaid } from '../settle-if-paid.ts';
import { lockOrder, recordEvent, sameName, type Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';

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
