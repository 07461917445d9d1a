// Supply loans' overdue reads (issue 33), by the lending core's one rule (financing/overdue.ts): a
// tranche is overdue while it is disbursed and past its due date; a financing while one of its open
// tranches is. The close of business's `overdue` columns are not read for it.
import type { IsoDate } from '@factoring/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { financingTranches } from '../../db/schema/index.ts';
import { isOverdue, overdueSql, type LoanArrears } from '../financing/index.ts';

/** A tranche is overdue on `today`: disbursed (not yet settled) and past its due date. */
export const trancheOverdue = (t: { status: string; dueDate: string | null }, today: IsoDate) =>
  t.status === 'DISBURSED' && isOverdue(t.dueDate, today);

/** A financing is overdue on `today` when one of its open tranches is (SQL, inside a query of `financings`). */
export const financingOverdueSql = (today: IsoDate): SQL<boolean> =>
  sql<boolean>`exists (select 1 from financing_tranches t where t.financing_id = "financings"."id" and t.status = 'DISBURSED' and ${overdueSql(sql`t.due_date`, today)})`;

/** The supply loans' arrears (the `LoanArrears` port): an open tranche of the enterprise past its due date. */
export const supplyLoanArrears: LoanArrears = {
  label: '供应链融资',
  inArrears: async (db, enterpriseId, today) => {
    const [late] = await db
      .select({ id: financingTranches.id })
      .from(financingTranches)
      .where(
        and(
          eq(financingTranches.enterpriseId, enterpriseId),
          eq(financingTranches.status, 'DISBURSED'),
          overdueSql(financingTranches.dueDate, today),
        ),
      )
      .limit(1);
    return late !== undefined;
  },
};
