import { ORDER_STATUS_LABELS, outstandingOf } from '@factoring/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { psOrders } from '../../../db/schema/index.ts';
import { enterpriseDirectoryAs } from '../../account/index.ts';
import { orderLoanKey, type OrderLoans } from '../../financing/index.ts';
import type { Scope } from '../../../lib/scope.ts';
import { LIVE_FINANCING } from '../order-view.ts';
import { visibleTo } from '../store.ts';

const owner = enterpriseDirectoryAs('owner');

/** Operator: orders whose number contains the text, with both sides' names and the order loan they back. */
export async function findOrdersByNo(db: Db, loans: OrderLoans, scope: Scope, orderNo: string) {
  const like = `%${orderNo.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      o: psOrders,
      ownerName: owner.name,
    })
    .from(psOrders)
    .innerJoin(owner, eq(owner.id, psOrders.ownerEnterpriseId))
    .where(and(visibleTo(scope), sql`${psOrders.orderNo} ilike ${like}`))
    .orderBy(desc(psOrders.id))
    .limit(20);
  const backing = await loans.backing(
    db,
    rows.map((r) => r.o),
  );
  return rows.map(({ o, ownerName }) => {
    const loan = o.sellerEnterpriseId === null ? undefined : backing.get(orderLoanKey(o.sellerEnterpriseId, o.orderNo));
    const { financingId = null, financingNo = null, financingStatus = null } = loan ?? {};
    const ownerSells = o.ownerEnterpriseId === o.sellerEnterpriseId;
    return {
      id: o.id,
      orderNo: o.orderNo,
      status: o.status,
      statusLabel: ORDER_STATUS_LABELS[o.status],
      sellerName: ownerSells ? ownerName : o.counterpartyName,
      buyerName: ownerSells ? o.counterpartyName : ownerName,
      totalAmount: o.totalAmount,
      paidAmount: o.paidAmount,
      outstanding: outstandingOf(o),
      financing:
        financingId && (LIVE_FINANCING as readonly string[]).includes(financingStatus!)
          ? { id: financingId, financingNo: financingNo!, status: financingStatus! }
          : null,
    };
  });
}
