import { randomUUID } from 'node:crypto';
import { formatYuan, outstandingOf, type Cents } from '@factoring/domain';
import type { FactorCollectionSubmitted } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import type { TaskField } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import type { Scope } from '../../../lib/scope.ts';
import { createTask, type NewTask } from '../../bpm/index.ts';
import type { OrderLoans } from '../../financing/index.ts';
import { factorCollectable, type FactorCollectionTaskData } from '../collection.ts';
import { backsLiveLoan } from '../payment-rules.ts';
import { lockOrder } from '../store.ts';
import { now } from '../../../lib/clock.ts';

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
