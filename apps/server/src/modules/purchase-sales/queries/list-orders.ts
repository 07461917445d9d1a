import { chinaDate } from '@factoring/domain';
import type { orderListQuerySchema } from '@factoring/domain/contract';
import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { psOrders } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import type { OrderLoans } from '../../financing/index.ts';
import { baseSelect, ownerEnterprise, rowView, withLoans } from '../order-view.ts';
import { visibleTo, type Order, type PsAccess } from '../store.ts';

const escapeLike = (s: string) => s.replace(/[%_\\]/g, (c) => `\\${c}`);

/** The viewer's side as a filter: its purchase orders are those it buys in. */
function kindFilter(scope: EnterpriseScope, kind: 'PURCHASE' | 'SALES'): SQL {
  return kind === 'PURCHASE' ? eq(psOrders.buyerEnterpriseId, scope.enterpriseId) : eq(psOrders.sellerEnterpriseId, scope.enterpriseId);
}

export async function listOrders(
  db: Db,
  loans: OrderLoans,
  scope: EnterpriseScope,
  q: z.output<typeof orderListQuerySchema>,
  access: PsAccess = 'FULL',
) {
  const today = chinaDate();
  const keyword = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  const where = and(
    visibleTo(scope, access),
    q.kind ? kindFilter(scope, q.kind) : undefined,
    q.status ? eq(psOrders.status, q.status as Order['status']) : undefined,
    keyword
      ? or(
          sql`${psOrders.orderNo} ilike ${keyword}`,
          sql`${psOrders.counterpartyName} ilike ${keyword}`,
          sql`${ownerEnterprise.name} ilike ${keyword}`,
        )
      : undefined,
    q.dateFrom ? gte(psOrders.deliveryDate, q.dateFrom) : undefined,
    q.dateTo ? lte(psOrders.deliveryDate, q.dateTo) : undefined,
    q.payable === '1'
      ? and(
          eq(psOrders.buyerEnterpriseId, scope.enterpriseId),
          inArray(psOrders.status, ['CONFIRMED', 'DELIVERED', 'RECEIVED']),
          sql`${psOrders.paidAmount} < ${psOrders.totalAmount}`,
        )
      : undefined,
  );
  const rows = await withLoans(
    db,
    loans,
    await baseSelect(db)
      .where(where)
      .orderBy(desc(psOrders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(psOrders)
    .innerJoin(ownerEnterprise, eq(ownerEnterprise.id, psOrders.ownerEnterpriseId))
    .where(where);
  return { items: rows.map((r) => rowView(r, scope, today, access)), totalCount: Number(n) };
}
