import { formatYuan, type Cents } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import type { OrderLoans } from '../../financing/index.ts';
import { assertCollectable, book } from '../collection.ts';
import { backsLiveLoan } from '../payment-rules.ts';
import { lockOrder, recordEvent, type Actor } from '../store.ts';

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
