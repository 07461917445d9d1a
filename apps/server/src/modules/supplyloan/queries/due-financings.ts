import { addDays, financingLifecycle, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { financings } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { openTranchesOf, quoteOf } from './quote.ts';

/**
 * `/user/factorRepayment`: the enterprise's disbursed financings by next due date, with the amount
 * due today; those due within 7 days or overdue are flagged (and, with `onlyDueSoon`, the only ones).
 */
export async function dueFinancings(db: Db, scope: Scope, today: IsoDate, onlyDueSoon = false, withinDays = 7) {
  const live = await db
    .select({ f: financings, platformName: platformDirectory.name })
    .from(financings)
    .innerJoin(platformDirectory, eq(platformDirectory.id, financings.platformId))
    .where(and(ownedBy(scope, financings.enterpriseId), inArray(financings.status, ['DISBURSED', 'REPAYING'])))
    .orderBy(asc(financings.dueDate));
  if (!live.length) return { items: [], totals: { count: 0, dueToday: 0, overdueCount: 0, dueSoonCount: 0 } };
  const tranches = await openTranchesOf(
    db,
    live.map((l) => l.f.id),
  );
  const horizon = addDays(today, withinDays);
  const items = live
    .map(({ f, platformName }) => {
      const open = tranches.get(f.id) ?? [];
      const quote = quoteOf(f, open, today);
      const nextDue = open.map((t) => t.dueDate!).sort()[0] ?? f.dueDate;
      return {
        id: f.id,
        financingNo: f.financingNo,
        platformName,
        amount: f.amount,
        nextDueDate: nextDue,
        overdue: quote.tranches.some((t) => t.overdue),
        overdueDays: quote.overdueDays,
        principal: quote.principal,
        interest: quote.interest,
        penalty: quote.penalty,
        dueToday: quote.total,
        dueSoon: quote.tranches.some((t) => t.overdue) || nextDue <= horizon,
        status: f.status,
        statusLabel: financingLifecycle.label(f.status),
      };
    })
    .filter((i) => !onlyDueSoon || i.dueSoon)
    .sort((a, b) => (a.nextDueDate < b.nextDueDate ? -1 : a.nextDueDate > b.nextDueDate ? 1 : a.id - b.id));
  return {
    items,
    totals: {
      count: items.length,
      dueToday: items.reduce((s, i) => s + i.dueToday, 0),
      overdueCount: items.filter((i) => i.overdue).length,
      dueSoonCount: items.filter((i) => i.dueSoon).length,
    },
  };
}
