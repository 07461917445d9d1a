import type { IsoDate } from '@factoring/domain';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { dueFinancings } from './due-financings.ts';
import { contractDirectory } from '../../contracts/index.ts';
import { creditLineDirectory } from '../../credit/index.ts';

/** The dashboard cards: credit lines, what falls due within 7 days, financing contracts to sign. */
export async function supplyLoanSummary(db: Db, scope: Scope, today: IsoDate) {
  const lines = await db
    .select({
      limit: sql<number>`coalesce(sum(${creditLineDirectory.limit}), 0)::bigint`,
      used: sql<number>`coalesce(sum(${creditLineDirectory.used}), 0)::bigint`,
      reserved: sql<number>`coalesce(sum(${creditLineDirectory.reserved}), 0)::bigint`,
      n: count(),
    })
    .from(creditLineDirectory)
    .where(
      and(
        ownedBy(scope, creditLineDirectory.enterpriseId),
        eq(creditLineDirectory.status, 'ACTIVE'),
        gte(creditLineDirectory.expiryDate, today),
      ),
    );
  const due = await dueFinancings(db, scope, today, true);
  const [toSign] = await db
    .select({ n: count() })
    .from(contractDirectory)
    .where(
      and(
        ownedBy(scope, contractDirectory.enterpriseId),
        eq(contractDirectory.relatedType, 'FINANCING'),
        eq(contractDirectory.status, 'TO_SIGN'),
      ),
    );
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
