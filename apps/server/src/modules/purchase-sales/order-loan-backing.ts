import { formatYuan, ORDER_STATUS_LABELS, orderKeyOf, outstandingOf } from '@factoring/domain';
import type { FinanceableOrder } from '@factoring/domain/contract';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { psOrders } from '../../db/schema/index.ts';
import { platformDirectory } from '../financing/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { orderLoanKey, type OrderBacking, type OrderLoans } from '../financing/index.ts';
import { recordEvent, sameName } from './store.ts';
import { creditLineDirectory } from '../credit/index.ts';
import { heldOrders, partyKeysOf } from '../receivables/index.ts';

/** A sales order can back an order loan while goods or money are still to come, never after it is paid. */
const FINANCEABLE = ['CONFIRMED', 'DELIVERED'] as const;

/**
 * Whether an order's buyer is the platform's core enterprise: by id when the buyer is on the portal,
 * by its exact registered name when the seller typed it in (a core enterprise without portal users).
 */
const buyerIsCore = (order: { buyerEnterpriseId: number | null; counterpartyName: string }, core: { id: number; name: string }) =>
  order.buyerEnterpriseId === core.id || (order.buyerEnterpriseId === null && sameName(order.counterpartyName, core.name));

async function coreOfLine(db: Db | Tx, scope: EnterpriseScope, creditLineId: number) {
  const [row] = await db
    .select({ coreId: enterpriseDirectory.id, coreName: enterpriseDirectory.name, product: platformDirectory.product })
    .from(creditLineDirectory)
    .innerJoin(platformDirectory, eq(platformDirectory.id, creditLineDirectory.platformId))
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, platformDirectory.coreEnterpriseId))
    .where(and(eq(creditLineDirectory.id, creditLineId), ownedBy(scope, creditLineDirectory.enterpriseId)));
  if (!row) throw new NotFoundError('授信不存在');
  return { id: row.coreId, name: row.coreName, product: row.product };
}

/** `/supplyloan/orderLoan` picker: the enterprise's confirmed sales orders to the credit line's core enterprise not yet financed (nor their invoices). */
export async function financeableOrders(
  db: Db,
  loans: OrderLoans,
  scope: EnterpriseScope,
  creditLineId: number,
): Promise<FinanceableOrder[]> {
  const core = await coreOfLine(db, scope, creditLineId);
  if (core.product !== 'SUPPLY') return [];
  const rows = await db
    .select()
    .from(psOrders)
    .where(
      and(
        eq(psOrders.sellerEnterpriseId, scope.enterpriseId),
        inArray(psOrders.status, [...FINANCEABLE]),
        sql`${psOrders.paidAmount} < ${psOrders.totalAmount}`,
        or(
          eq(psOrders.buyerEnterpriseId, core.id),
          and(isNull(psOrders.buyerEnterpriseId), eq(sql`replace(${psOrders.counterpartyName}, ' ', '')`, core.name.replace(/\s+/g, ''))),
        ),
      ),
    )
    .orderBy(desc(psOrders.id))
    .limit(100);
  // Issue 36: an order financed before — by any product, itself or through an invoice billing it — is not offered.
  const parties = await partyKeysOf(db, [scope.enterpriseId, core.id]);
  const keyOf = (orderNo: string) => orderKeyOf({ buyerKey: parties.get(core.id)!, sellerKey: parties.get(scope.enterpriseId)!, orderNo });
  const held = await heldOrders(
    db,
    rows.map((o) => keyOf(o.orderNo)),
  );
  // And one whose receivable the supply loan holds financed.
  const backing = await loans.backing(db, rows);
  const financed = (orderNo: string) => backing.get(orderLoanKey(scope.enterpriseId, orderNo))?.receivableStatus === 'FINANCED';
  return rows
    .filter((o) => !held.has(keyOf(o.orderNo)) && !financed(o.orderNo))
    .map((o) => ({
      id: o.id,
      orderNo: o.orderNo,
      counterpartyName: o.counterpartyName,
      totalAmount: outstandingOf(o),
      deliveryDate: o.deliveryDate,
      status: o.status,
      statusLabel: ORDER_STATUS_LABELS[o.status],
    }));
}

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
