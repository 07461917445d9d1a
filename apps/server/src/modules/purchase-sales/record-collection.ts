import { randomUUID } from 'node:crypto';
import { formatYuan, ORDER_STATUS_LABELS, outstandingOf, type Cents } from '@factoring/domain';
import type { FactorCollectionSubmitted } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { psOrderPayments, psOrders, type TaskField } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { EnterpriseScope, Scope } from '../../lib/scope.ts';
import { createTask, type BpmTask, type DecisionEffect, type TaskOperator, type NewTask } from '../bpm/index.ts';
import { virtualAccountBalance } from '../ledger/index.ts';
import { recordDeposit } from '../funds/index.ts';
import type { LoanCollection, OrderLoans } from '../financing/index.ts';
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
  loans: OrderLoans,
  scope: EnterpriseScope,
  actor: Actor,
  id: number,
  p: { amount: Cents; note: string | null },
) {
  const order = await lockOrder(tx, scope, id);
  if (order.sellerEnterpriseId !== scope.enterpriseId) throw new BusinessError('只能为本企业作为卖方的销售订单登记回款', 'NOT_SELLER');
  assertCollectable(order, p.amount);
  if (await backsLiveLoan(tx, loans, order))
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

/** Whether the platform may take this collection of the order now: the seller's account it would credit. */
async function factorCollectable(tx: Tx, order: Order, amount: number) {
  if (!order.sellerEnterpriseId) throw new BusinessError('卖方不是平台企业，不能登记平台回款', 'SELLER_OFF_PORTAL');
  assertCollectable(order, amount);
  const account = await virtualAccountBalance(tx, order.sellerEnterpriseId);
  if (!account) throw new BusinessError('卖方尚未开立虚拟账户', 'NO_ACCOUNT');
  return { sellerEnterpriseId: order.sellerEnterpriseId, account };
}

/**
 * The posting of a factor collection: the buyer's payment of a sales order reached the factor's bank
 * (issue 16, "its collection repays the loan first"). The money is credited to the seller's virtual
 * account, and if the order backs a disbursed order loan, that loan is repaid from it first — penalty,
 * interest, principal, as the supply-loan module allocates (`loans`, the `LoanCollection` port wired in
 * app.ts) — in the same transaction; the rest stays free for the seller. Run when a second operator
 * approves a recorded collection (`confirmFactorCollection`, four eyes), the order checked again then.
 */
export async function recordFactorCollection(
  tx: Tx,
  loans: LoanCollection,
  scope: Scope,
  actor: Actor & { id: number },
  id: number,
  p: { amount: Cents; payerName: string | null },
) {
  const order = await lockOrder(tx, scope, id);
  const { sellerEnterpriseId, account } = await factorCollectable(tx, order, p.amount);
  const deposit = await recordDeposit(tx, {
    operatorId: actor.id,
    accountNo: account.accountNo,
    amount: p.amount,
    payerName: p.payerName,
    memo: `销售订单 ${order.orderNo} 回款`,
  });
  const refNos = [deposit.refNo];
  const repaid = await loans.repayFromCollection(tx, {
    sellerEnterpriseId,
    orderNo: order.orderNo,
    amount: p.amount,
    actor: { id: actor.id, name: actor.name },
    today: chinaToday(),
  });
  if (repaid) refNos.push(repaid.refNo);
  const loanRepaid = repaid?.repaid ?? 0;
  const result = await book(tx, order, actor, {
    method: 'FACTOR_COLLECTION',
    amount: p.amount,
    loanRepaid,
    refNos,
    note: p.payerName ? `付款人：${p.payerName}` : null,
    enterpriseId: sellerEnterpriseId,
  });
  await recordEvent(
    tx,
    order.id,
    actor,
    '平台登记回款',
    `回款 ${formatYuan(p.amount)} 元${repaid ? `，优先归还订单融资 ${repaid.financingNo} ${formatYuan(repaid.repaid)} 元` : ''}`,
  );
  return result;
}

/** What a PS_FACTOR_COLLECTION task keeps of the recorded collection (`bpm_tasks.data`): the posting's input. */
type FactorCollectionTaskData = { orderId: number; orderNo: string; amount: Cents; payerName: string | null };

/**
 * Operator (the maker): the buyer's payment of a sales order reached the factor's bank, recorded from
 * the bank receipt. Nothing is credited: the collection waits in the inbox as a PS_FACTOR_COLLECTION
 * task (购销回款入账复核) submitted by this operator, and only another operator's approval posts it
 * (`recordFactorCollection`; four eyes, issue 21). The order is checked now with the posting's own
 * rules and messages, so a collection that could not be booked never waits.
 */
export async function submitFactorCollection(
  tx: Tx,
  loans: OrderLoans,
  scope: Scope,
  by: NonNullable<NewTask['submittedBy']>,
  id: number,
  p: { amount: Cents; payerName: string | null },
): Promise<FactorCollectionSubmitted> {
  const order = await lockOrder(tx, scope, id);
  const { sellerEnterpriseId, account } = await factorCollectable(tx, order, p.amount);
  const loan = await backsLiveLoan(tx, loans, order);
  const repays = loan && (loan.status === 'DISBURSED' || loan.status === 'REPAYING') ? loan : null;
  const [buyer] = order.buyerEnterpriseId
    ? await tx
        .select({ name: enterpriseDirectory.name })
        .from(enterpriseDirectory)
        .where(eq(enterpriseDirectory.id, order.buyerEnterpriseId))
    : [{ name: order.counterpartyName }];
  const data: FactorCollectionTaskData = { orderId: order.id, orderNo: order.orderNo, amount: p.amount, payerName: p.payerName };
  const amount = `¥${formatYuan(p.amount)}`;
  const fields: TaskField[] = [
    { label: '订单号', value: order.orderNo },
    { label: '卖方企业（入账）', value: account.accountName },
    { label: '入账虚拟账号', value: account.accountNo },
    { label: '买方', value: buyer?.name ?? order.counterpartyName },
    { label: '金额', value: amount },
    { label: '登记时订单未收', value: `¥${formatYuan(outstandingOf(order))}` },
    { label: '付款人', value: p.payerName ?? '—' },
    { label: '摘要', value: `销售订单 ${order.orderNo} 回款` },
    {
      label: '优先归还订单融资',
      value: repays
        ? `是：先归还订单融资 ${repays.financingNo}，余额记入卖方可用资金`
        : loan
          ? `否：订单融资 ${loan.financingNo} 尚未放款（复核通过时如已放款，则先归还）`
          : '否',
    },
  ];
  // A recorded collection has no record of its own but its task: each one its own reference (two
  // receipts for one order may wait side by side; the approval of each checks the order again).
  const taskId = await createTask(tx, {
    type: 'PS_FACTOR_COLLECTION',
    refId: `PSC-${randomUUID()}`,
    enterpriseId: sellerEnterpriseId,
    submittedBy: by,
    subject: `购销回款入账复核：${order.orderNo} ${account.accountName} ${amount}`,
    data,
    fields,
  });
  return {
    kind: 'FACTOR_COLLECTION',
    status: 'PENDING_REVIEW',
    taskId,
    orderId: order.id,
    orderNo: order.orderNo,
    sellerName: account.accountName,
    amount: p.amount,
    repaysFinancingNo: repays?.financingNo ?? null,
    submittedAt: now().toISOString(),
  };
}

/**
 * The checker approves a PS_FACTOR_COLLECTION task: the recorded collection is posted in the
 * decision's transaction (the task row locked and still pending, so it is posted once; the inbox has
 * already refused the operator who recorded it). The order is locked and checked again: a collection
 * that no longer fits (paid meanwhile, cancelled) is refused with its message and the task stays
 * pending. The booking is the audit row's `after`.
 */
export async function confirmFactorCollection(
  tx: Tx,
  loans: LoanCollection,
  task: BpmTask,
  operator: TaskOperator,
): Promise<DecisionEffect> {
  const d = task.data as FactorCollectionTaskData;
  const booked = await recordFactorCollection(
    tx,
    loans,
    { kind: 'operator', userId: operator.id },
    { id: operator.id, name: operator.name, ip: operator.ip, enterpriseId: null },
    d.orderId,
    { amount: d.amount, payerName: d.payerName },
  );
  return { before: { collected: false }, after: { collected: true, submittedBy: task.submittedBy, confirmedBy: operator.id, ...booked } };
}

/** Live facts for the checker, read when the task is opened: the order as it stands now. */
export async function factorCollectionFacts(db: Db, task: BpmTask): Promise<TaskField[]> {
  const d = task.data as FactorCollectionTaskData;
  const [order] = await db.select().from(psOrders).where(eq(psOrders.id, d.orderId));
  if (!order) return [];
  return [
    { label: '订单当前状态', value: ORDER_STATUS_LABELS[order.status] },
    { label: '订单当前未收', value: `¥${formatYuan(outstandingOf(order))}` },
  ];
}
