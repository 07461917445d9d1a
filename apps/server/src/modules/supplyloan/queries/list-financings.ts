import type { FinancingListQuery } from '@factoring/domain/contract';
import { financingLifecycle, INTEREST_MODE_LABELS, type IsoDate } from '@factoring/domain';
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { financings } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { offsetOf } from '../../../lib/paging.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { actionsOf } from '../financing-actions.ts';
import { financingOverdueSql } from '../overdue.ts';
import { contractDirectory } from '../../contracts/index.ts';

const listColumns = (today: IsoDate) => ({
  id: financings.id,
  financingNo: financings.financingNo,
  kind: financings.kind,
  platformId: financings.platformId,
  platformName: platformDirectory.name,
  amount: financings.amount,
  drawn: financings.drawn,
  termDays: financings.termDays,
  annualRatePpm: financings.annualRatePpm,
  interestMode: financings.interestMode,
  interest: financings.interest,
  serviceFee: financings.serviceFee,
  netAmount: financings.netAmount,
  applyDate: financings.applyDate,
  dueDate: financings.dueDate,
  status: financings.status,
  overdue: financingOverdueSql(today),
  extended: financings.extended,
  contractId: financings.contractId,
  contractStatus: contractDirectory.status,
  createdAt: financings.createdAt,
  settledAt: financings.settledAt,
  outstanding: sql<number>`coalesce((select sum(t.outstanding) from financing_tranches t where t.financing_id = "financings"."id" and t.status = 'DISBURSED'), 0)::bigint`,
});

/** My financings: a page with filters, and the totals of everything the filters match; overdue on `today` by the dates. */
export async function listFinancings(db: Db, scope: Scope, q: FinancingListQuery, today: IsoDate) {
  const where: SQL[] = [ownedBy(scope, financings.enterpriseId)];
  if (q.status) where.push(eq(financings.status, q.status));
  if (q.platformId) where.push(eq(financings.platformId, q.platformId));
  if (q.kind) where.push(eq(financings.kind, q.kind));
  if (q.dateFrom) where.push(gte(financings.applyDate, q.dateFrom));
  if (q.dateTo) where.push(lte(financings.applyDate, q.dateTo));
  if (q.overdue) where.push(q.overdue === 'true' ? financingOverdueSql(today) : sql`not ${financingOverdueSql(today)}`);
  const cond = and(...where);
  const [rows, [{ total }], [totals]] = await Promise.all([
    db
      .select(listColumns(today))
      .from(financings)
      .innerJoin(platformDirectory, eq(platformDirectory.id, financings.platformId))
      .leftJoin(contractDirectory, eq(contractDirectory.id, financings.contractId))
      .where(cond)
      .orderBy(desc(financings.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(financings).where(cond),
    db
      .select({
        amount: sql<number>`coalesce(sum(${financings.amount}), 0)::bigint`,
        drawn: sql<number>`coalesce(sum(${financings.drawn}), 0)::bigint`,
        outstanding: sql<number>`coalesce(sum((select coalesce(sum(t.outstanding), 0) from financing_tranches t where t.financing_id = "financings"."id" and t.status = 'DISBURSED')), 0)::bigint`,
      })
      .from(financings)
      .where(cond),
  ]);
  const items = rows.map((r) => {
    const outstanding = Number(r.outstanding);
    const contractSigned = r.contractStatus === 'SIGNED';
    return {
      ...r,
      outstanding,
      statusLabel: financingLifecycle.label(r.status),
      interestModeLabel: INTEREST_MODE_LABELS[r.interestMode],
      contractSigned,
      actions: actionsOf({ ...r, contractSigned }),
    };
  });
  return {
    items,
    totalCount: total,
    totals: { count: total, amount: Number(totals.amount), drawn: Number(totals.drawn), outstanding: Number(totals.outstanding) },
  };
}
