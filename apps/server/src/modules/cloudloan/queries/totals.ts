import type { IsoDate } from '@factoring/domain';
import type { CloudLoanTotals } from '@factoring/domain/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cloudLoanDrawdowns, cloudLoanRepayments } from '../../../db/schema/index.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { drawdownOverdueSql } from '../overdue.ts';
import { plans } from '../store.ts';

/** Repayment totals of the enterprise's cloud loans (or of one loan); overdue ones counted on `today` by the dates. */
export async function cloudLoanTotals(db: Db, scope: Scope, today: IsoDate, drawdownId?: number): Promise<CloudLoanTotals> {
  const loanWhere = and(ownedBy(scope, cloudLoanDrawdowns.enterpriseId), drawdownId ? eq(cloudLoanDrawdowns.id, drawdownId) : undefined);
  const [[loans], [repaid], scheduledInterest] = await Promise.all([
    db
      .select({
        drawn: sql<string>`coalesce(sum(${cloudLoanDrawdowns.amount}), 0)`,
        outstanding: sql<string>`coalesce(sum(${cloudLoanDrawdowns.outstandingPrincipal}), 0)`,
        loans: count(),
        settled: sql<string>`count(*) filter (where ${cloudLoanDrawdowns.status} = 'SETTLED')`,
        overdue: sql<string>`count(*) filter (where ${drawdownOverdueSql(today)})`,
      })
      .from(cloudLoanDrawdowns)
      .where(loanWhere),
    db
      .select({
        principal: sql<string>`coalesce(sum(${cloudLoanRepayments.principal}), 0)`,
        interest: sql<string>`coalesce(sum(${cloudLoanRepayments.interest}), 0)`,
        penalty: sql<string>`coalesce(sum(${cloudLoanRepayments.penalty}), 0)`,
      })
      .from(cloudLoanRepayments)
      .innerJoin(cloudLoanDrawdowns, eq(cloudLoanDrawdowns.id, cloudLoanRepayments.drawdownId))
      .where(loanWhere),
    plans.plannedInterest(db, db.select({ id: cloudLoanDrawdowns.id }).from(cloudLoanDrawdowns).where(loanWhere)),
  ]);
  const n = Number;
  return {
    drawn: n(loans.drawn),
    outstandingPrincipal: n(loans.outstanding),
    repaidPrincipal: n(repaid.principal),
    repaidInterest: n(repaid.interest),
    repaidPenalty: n(repaid.penalty),
    repaidTotal: n(repaid.principal) + n(repaid.interest) + n(repaid.penalty),
    scheduledInterest,
    overdueCount: n(loans.overdue),
    loans: n(loans.loans),
    settledLoans: n(loans.settled),
  };
}
