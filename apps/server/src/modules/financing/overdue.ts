// The lending core's one overdue rule (issue 33). A payment still owed is overdue from the day after its
// due date, on China today — the dates the penalty accrues from (the domain's `owedOn`, the cloud loan's
// `penaltyOf`) — so a read never says "not overdue" while the penalty runs. Every product's read computes
// its `overdue` with it; the close of business's stored mark only records when the step noticed.
// Each product answers its own arrears (`LoanArrears`); the loan book (lending-product.ts) asks them all.
import { compareIsoDates, type IsoDate } from '@factoring/domain';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/** Whether a payment due on `dueDate` and still unpaid is overdue on `today` (false without a due date). */
export function isOverdue(dueDate: string | null | undefined, today: IsoDate): boolean {
  return dueDate != null && compareIsoDates(today, dueDate) > 0;
}

/** The same rule in SQL, for lists filtered or counted by it: the unpaid payment's due date is before today. */
export const overdueSql = (dueDate: AnyColumn | SQL, today: IsoDate): SQL => sql`${dueDate} < ${today}`;

/** A lending product's arrears: implemented by each product, asked by the loan book (`loanBook`). */
export interface LoanArrears {
  /** The product's label in a refusal, e.g. 供应链融资. */
  label: string;
  /** Whether the enterprise owes, on `today`, a payment of one of this product's loans past its due date (`overdueSql`). */
  inArrears(db: Db | Tx, enterpriseId: number, today: IsoDate): Promise<boolean>;
}

/** Every lending product's arrears as one port: the labels of the products the enterprise is in arrears on. */
export interface EveryLoanArrears {
  productsInArrears(db: Db | Tx, enterpriseId: number, today: IsoDate): Promise<string[]>;
}
