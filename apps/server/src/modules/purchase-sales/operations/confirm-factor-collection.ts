import { formatYuan, type Cents } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import type { Scope } from '../../../lib/scope.ts';
import type { BpmTask, DecisionEffect, TaskOperator } from '../../bpm/index.ts';
import { recordDeposit } from '../../funds/index.ts';
import type { LoanCollection } from '../../financing/index.ts';
import { book, factorCollectable, type FactorCollectionTaskData } from '../collection.ts';
import { lockOrder, recordEvent, type Actor } from '../store.ts';
import { chinaToday } from '../../../lib/clock.ts';

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
