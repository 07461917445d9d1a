// The `OrderBacking` port served to supply loans (financing/ports.ts, wired in app.ts): a managed sales order
// backs an order loan only with its own figures. The picker of orders to finance is queries/financeable-orders.ts.
import { formatYuan, ORDER_STATUS_LABELS, outstandingOf } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { psOrders } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import type { OrderBacking } from '../financing/index.ts';
import { recordEvent, sameName } from './store.ts';

/** A sales order can back an order loan while goods or money are still to come, never after it is paid. */
export const FINANCEABLE = ['CONFIRMED', 'DELIVERED'] as const;

/**
 * Whether an order's buyer is the platform's core enterprise: by id when the buyer is on the portal,
 * by its exact registered name when the seller typed it in (a core enterprise without portal users).
 */
const buyerIsCore = (order: { buyerEnterpriseId: number | null; counterpartyName: string }, core: { id: number; name: string }) =>
  order.buyerEnterpriseId === core.id || (order.buyerEnterpriseId === null && sameName(order.counterpartyName, core.name));

/**
 * The `OrderBacking` port (financing/ports.ts) as purchase/sales serves it to supply loans (issue 16),
 * called inside an order-loan application's transaction. When the order number is one of the
 * enterprise's own sales orders (the `/supplyloan/orderLoan` picker fills it in), the order must be
 * confirmed, to the platform's core enterprise, not yet paid, and the amount and delivery date must be
 * the order's own — so a managed order cannot be financed with figures typed differently. The
 * application is recorded in the order's history. An order number that is not a managed sales order
 * leaves the typed-in flow unchanged.
 */
export const salesOrderBacking: OrderBacking = {
  claimForOrderLoan: (tx, scope, { coreEnterpriseId, actor, ...input }) =>
    checkSalesOrderBacking(tx, scope, input, coreEnterpriseId, actor),
};

async function checkSalesOrderBacking(
  tx: Tx,
  scope: EnterpriseScope,
  input: { orderNo: string; orderAmount: number; deliveryDate: string },
  coreEnterpriseId: number,
  actor: { id: number | null; name: string },
) {
  const [order] = await tx
    .select()
    .from(psOrders)
    .where(and(eq(psOrders.sellerEnterpriseId, scope.enterpriseId), eq(psOrders.orderNo, input.orderNo.trim())))
    .for('update');
  if (!order) return;
  if (!(FINANCEABLE as readonly string[]).includes(order.status) || outstandingOf(order) === 0) {
    throw new BusinessError(
      `销售订单 ${order.orderNo} 当前状态为“${ORDER_STATUS_LABELS[order.status]}”，不能用于订单融资`,
      'ORDER_NOT_FINANCEABLE',
    );
  }
  const [core] = await tx
    .select({ id: enterpriseDirectory.id, name: enterpriseDirectory.name })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, coreEnterpriseId));
  if (!core || !buyerIsCore(order, core)) throw new BusinessError(`销售订单 ${order.orderNo} 的买方不是该平台的核心企业`, 'BUYER_NOT_CORE');
  if (input.orderAmount !== outstandingOf(order)) {
    throw new BusinessError(
      `订单金额应为销售订单 ${order.orderNo} 的未收金额 ${formatYuan(outstandingOf(order))} 元`,
      'ORDER_AMOUNT_MISMATCH',
    );
  }
  if (input.deliveryDate !== order.deliveryDate)
    throw new BusinessError(`交货日期应为销售订单 ${order.orderNo} 的交货日期 ${order.deliveryDate}`, 'ORDER_DATE_MISMATCH');
  await recordEvent(
    tx,
    order.id,
    { id: actor.id, name: actor.name, enterpriseId: scope.enterpriseId },
    '申请订单融资',
    `以未收金额 ${formatYuan(outstandingOf(order))} 元申请订单融资`,
  );
}
