// Cloud loans' overdue reads (issue 33), by the lending core's one rule (financing/overdue.ts): an unpaid
// instalment past its due date is overdue — the dates its penalty accrues from (`penaltyOf`) — and a
// loan is while one of its instalments is, whether or not the daily debit has marked it yet.
import type { IsoDate } from '@factoring/domain';
import type { SQL } from 'drizzle-orm';
import { cloudLoanDrawdowns } from '../../db/schema/index.ts';
import { isOverdue, type LoanArrears } from '../financing/index.ts';
import { plans } from './store.ts';

/** An instalment is overdue on `today`: unpaid (pending) and past its due date. */
export const instalmentOverdue = (i: { status: string; dueDate: string }, today: IsoDate) =>
  i.status === 'PENDING' && isOverdue(i.dueDate, today);

/** A loan is overdue on `today` when an instalment is (SQL, inside a query of `cloud_loan_drawdowns`). */
export const drawdownOverdueSql = (today: IsoDate): SQL<boolean> => plans.loanOverdueSql(cloudLoanDrawdowns.id, today);

/** The cloud loans' arrears (the `LoanArrears` port): an instalment of the enterprise unpaid past its due date. */
export const cloudLoanArrears: LoanArrears = {
  label: '银行云贷',
  inArrears: (db, enterpriseId, today) => plans.inArrears(db, enterpriseId, today),
};
