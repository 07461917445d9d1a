import type { IsoDate } from '@factoring/domain';
import type { DrawdownListQuery } from '@factoring/domain/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { financings, financingTranches } from '../../../db/schema/index.ts';
import { offsetOf } from '../../../lib/paging.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { trancheOverdue } from '../overdue.ts';

/** Order-loan drawdowns of the enterprise (the orderdrawings page); overdue on `today` by the dates. */
export async function listDrawdowns(db: Db, scope: Scope, q: DrawdownListQuery, today: IsoDate) {
  const where = and(
    ownedBy(scope, financingTranches.enterpriseId),
    eq(financings.kind, 'ORDER'),
    q.financingId ? eq(financingTranches.financingId, q.financingId) : undefined,
  );
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: financingTranches.id,
        financingId: financings.id,
        financingNo: financings.financingNo,
        seq: financingTranches.seq,
        amount: financingTranches.amount,
        termDays: financingTranches.termDays,
        interest: financingTranches.interest,
        serviceFee: financingTranches.serviceFee,
        netAmount: financingTranches.netAmount,
        status: financingTranches.status,
        startDate: financingTranches.startDate,
        dueDate: financingTranches.dueDate,
        outstanding: financingTranches.outstanding,
        createdAt: financingTranches.createdAt,
      })
      .from(financingTranches)
      .innerJoin(financings, eq(financings.id, financingTranches.financingId))
      .where(where)
      .orderBy(desc(financingTranches.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db
      .select({ total: count() })
      .from(financingTranches)
      .innerJoin(financings, eq(financings.id, financingTranches.financingId))
      .where(where),
  ]);
  return { items: items.map((t) => ({ ...t, overdue: trancheOverdue(t, today) })), totalCount: total };
}
