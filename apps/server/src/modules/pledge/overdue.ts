// Goods pledges' overdue reads (issue 33), by the lending core's one rule (financing/overdue.ts): a live
// financing (disbursed or repaying) past its due date is overdue, whether or not the close of business
// has marked it yet — the dates its penalty accrues from.
import type { IsoDate } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { pledgeFinancings } from '../../db/schema/index.ts';
import { isOverdue, overdueSql, type LoanArrears } from '../financing/index.ts';
import { LIVE_STATUSES, type PledgeFinancing } from './store.ts';

/** A pledge financing is overdue on `today`: live and past its due date. */
export const pledgeOverdue = (f: Pick<PledgeFinancing, 'status' | 'dueDate'>, today: IsoDate) =>
  LIVE_STATUSES.includes(f.status) && isOverdue(f.dueDate, today);

/** The goods pledges' arrears (the `LoanArrears` port): a live financing of the enterprise past its due date. */
export const pledgeArrears: LoanArrears = {
  label: '货押融资',
  inArrears: async (db, enterpriseId, today) => {
    const [late] = await db
      .select({ id: pledgeFinancings.id })
      .from(pledgeFinancings)
      .where(
        and(
          eq(pledgeFinancings.enterpriseId, enterpriseId),
          inArray(pledgeFinancings.status, [...LIVE_STATUSES]),
          overdueSql(pledgeFinancings.dueDate, today),
        ),
      )
      .limit(1);
    return late !== undefined;
  },
};
