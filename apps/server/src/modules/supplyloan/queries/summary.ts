import type { IsoDate } from '@factoring/domain';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contracts, creditLines } from '../../../db/schema/index.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { dueFinancings } from './due-financings.ts';

/** The dashboard cards: credit lines, what falls due within 7 days, financing contracts to sign. */
export async function supplyLoanSummary(db: Db, scope: Scope, today: IsoDate) {
  const lines = await db
    .select({
      limit: sql<number>`coalesce(sum(${creditLines.limit}), 0)::bigint`,
      used: sql<number>`coalesce(sum(${creditLines.used}), 0)::bigint`,
      reserved: sql<number>`coalesce(sum(${creditLines.reserved}), 0)::bigint`,
      n: count(),
    })
    .from(creditLines)
    .where(and(ownedBy(scope, creditLines.enterpriseId), eq(creditLines.status, 'ACTIVE'), gte(creditLines.expiryDate, today)));
  const due = await dueFinancings(db, scope, today, true);
  const [toSign] = await db
    .select({ n: count() })
    .from(contracts)
    .where(and(ownedBy(scope, contracts.enterpriseId), eq(contracts.relatedType, 'FINANCING'), eq(contracts.status, 'TO_SIGN')));
  const l = lines[0];
  const limit = Number(l.limit);
  const used = Number(l.used);
  const reserved = Number(l.reserved);
  return {
    creditLines: { count: l.n, limit, used, reserved, available: Math.max(0, limit - used - reserved) },
    dueSoon: { count: due.totals.count, amount: due.totals.dueToday, overdueCount: due.totals.overdueCount },
    contractsToSign: toSign.n,
  };
}
