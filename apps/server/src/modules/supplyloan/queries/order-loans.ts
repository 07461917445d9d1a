import { and, eq, inArray } from 'drizzle-orm';
import { financings, orderReceivables } from '../../../db/schema/index.ts';
import { orderLoanKey, type OrderLoanRef, type OrderLoans } from '../../financing/index.ts';

/**
 * Which order loan each sales order backs (the `OrderLoans` port, issue 35): the order's receivable here
 * and the financing it backs, read for the whole list in one statement — purchase/sales shows it on its
 * orders and refuses a direct payment or collection of an order that backs a live loan.
 */
export const orderLoans: OrderLoans = {
  async backing(db, orders) {
    const wanted = orders.filter((o): o is { sellerEnterpriseId: number; orderNo: string } => o.sellerEnterpriseId !== null);
    const found = new Map<string, OrderLoanRef>();
    if (!wanted.length) return found;
    const rows = await db
      .select({
        sellerEnterpriseId: orderReceivables.enterpriseId,
        orderNo: orderReceivables.orderNo,
        receivableStatus: orderReceivables.status,
        financingId: financings.id,
        financingNo: financings.financingNo,
        financingStatus: financings.status,
      })
      .from(orderReceivables)
      .leftJoin(financings, eq(financings.id, orderReceivables.financingId))
      .where(
        and(
          inArray(orderReceivables.enterpriseId, [...new Set(wanted.map((o) => o.sellerEnterpriseId))]),
          inArray(orderReceivables.orderNo, [...new Set(wanted.map((o) => o.orderNo))]),
        ),
      );
    const keys = new Set(wanted.map((o) => orderLoanKey(o.sellerEnterpriseId, o.orderNo)));
    for (const { sellerEnterpriseId, orderNo, ...ref } of rows) {
      const key = orderLoanKey(sellerEnterpriseId, orderNo);
      if (keys.has(key)) found.set(key, ref);
    }
    return found;
  },
};
