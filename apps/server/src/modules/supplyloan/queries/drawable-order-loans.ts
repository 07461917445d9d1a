import { financingLifecycle, type IsoDate } from '@factoring/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { financings, financingTranches, orderReceivables } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { financingOverdueSql } from '../overdue.ts';

/** Order loans that may be drawn: signed, not settled, with room left; overdue on `today` by the dates. */
export async function drawableOrderLoans(db: Db, scope: Scope, today: IsoDate) {
  const rows = await db
    .select({ f: financings, orderNo: orderReceivables.orderNo, platformName: platformDirectory.name, overdue: financingOverdueSql(today) })
    .from(financings)
    .innerJoin(platformDirectory, eq(platformDirectory.id, financings.platformId))
    .leftJoin(orderReceivables, eq(orderReceivables.financingId, financings.id))
    .where(
      and(
        ownedBy(scope, financings.enterpriseId),
        eq(financings.kind, 'ORDER'),
        inArray(financings.status, ['CONTRACT_SIGNED', 'DISBURSED', 'REPAYING']),
      ),
    )
    .orderBy(desc(financings.id));
  const pending = rows.length
    ? await db
        .select({ financingId: financingTranches.financingId, amount: financingTranches.amount })
        .from(financingTranches)
        .where(
          and(
            inArray(
              financingTranches.financingId,
              rows.map((r) => r.f.id),
            ),
            eq(financingTranches.status, 'PENDING'),
          ),
        )
    : [];
  return rows.map(({ f, orderNo, platformName, overdue }) => {
    const waiting = pending.filter((p) => p.financingId === f.id).reduce((s, p) => s + p.amount, 0);
    return {
      id: f.id,
      financingNo: f.financingNo,
      orderNo,
      platformName,
      amount: f.amount,
      drawn: f.drawn,
      waiting,
      room: f.amount - f.drawn - waiting,
      termDays: f.termDays,
      annualRatePpm: f.annualRatePpm,
      serviceFeeRatePpm: f.serviceFeeRatePpm,
      interestMode: f.interestMode,
      overdue,
      status: f.status,
      statusLabel: financingLifecycle.label(f.status),
    };
  });
}
