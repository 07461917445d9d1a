import { chinaDate } from '@factoring/domain';
import type { PurchaseSalesOverview } from '@factoring/domain/contract';
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { psOrders } from '../../../db/schema/index.ts';
import { chinaMonthSql } from '../../../lib/china-time-sql.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { addressedTo, type PsAccess } from '../store.ts';
import { ordersToConfirm } from './orders-to-confirm.ts';

/** `/purchaseSalesManage`: open orders, money due in and out this month and overdue, six months by month. */
export async function overview(db: Db, scope: EnterpriseScope, access: PsAccess = 'FULL'): Promise<PurchaseSalesOverview> {
  const today = chinaDate();
  const monthStart = `${today.slice(0, 7)}-01`;
  const e = scope.enterpriseId;
  const open = inArray(psOrders.status, ['CONFIRMED', 'DELIVERED', 'RECEIVED']);
  const outstanding = sql<number>`coalesce(sum(${psOrders.totalAmount} - ${psOrders.paidAmount}), 0)::bigint`;
  // Without the switch the figures are those of the orders sent to the enterprise only.
  const seen = access === 'ADDRESSED' ? addressedTo(e) : undefined;
  const side = (buyer: boolean) => and(buyer ? eq(psOrders.buyerEnterpriseId, e) : eq(psOrders.sellerEnterpriseId, e), seen);
  const figures = async (buyer: boolean) => {
    const [all] = await db
      .select({ count: sql<number>`count(*)::int`, outstanding })
      .from(psOrders)
      .where(and(side(buyer), open));
    const [month] = await db
      .select({ outstanding })
      .from(psOrders)
      .where(
        and(
          side(buyer),
          open,
          gte(psOrders.deliveryDate, monthStart),
          sql`${psOrders.deliveryDate} < (${monthStart}::date + interval '1 month')::date`,
        ),
      );
    const [late] = await db
      .select({ outstanding })
      .from(psOrders)
      .where(and(side(buyer), open, sql`${psOrders.deliveryDate} < ${today}`));
    return {
      count: Number(all.count),
      outstanding: Number(all.outstanding),
      month: Number(month.outstanding),
      overdue: Number(late.outstanding),
    };
  };
  const [p, s] = await Promise.all([figures(true), figures(false)]);
  // Confirmed business by month of confirmation, China time, the last six months.
  const monthOf = chinaMonthSql(psOrders.confirmedAt);
  const byMonth = await db
    .select({
      month: monthOf,
      purchase: sql<number>`coalesce(sum(case when ${psOrders.buyerEnterpriseId} = ${e} then ${psOrders.totalAmount} else 0 end), 0)::bigint`,
      sales: sql<number>`coalesce(sum(case when ${psOrders.sellerEnterpriseId} = ${e} then ${psOrders.totalAmount} else 0 end), 0)::bigint`,
    })
    .from(psOrders)
    .where(
      and(
        or(eq(psOrders.buyerEnterpriseId, e), eq(psOrders.sellerEnterpriseId, e)),
        seen,
        sql`${psOrders.confirmedAt} is not null`,
        sql`${psOrders.status} <> 'CANCELLED'`,
      ),
    )
    .groupBy(monthOf);
  const months: { month: string; purchase: number; sales: number }[] = [];
  const [y, m] = today.split('-').map(Number);
  for (let i = 5; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    const key = d.toISOString().slice(0, 7);
    const found = byMonth.find((b) => b.month === key);
    months.push({ month: key, purchase: Number(found?.purchase ?? 0), sales: Number(found?.sales ?? 0) });
  }
  const n = await ordersToConfirm(db, scope);
  return {
    openPurchase: { count: p.count, outstanding: p.outstanding },
    openSales: { count: s.count, outstanding: s.outstanding },
    dueOutThisMonth: p.month,
    dueInThisMonth: s.month,
    overdueOut: p.overdue,
    overdueIn: s.overdue,
    months,
    toConfirm: Number(n),
  };
}
