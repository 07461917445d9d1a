import { instalmentLifecycle } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises } from './identity.ts';
import { statesOf } from './states.ts';

/**
 * The booked plans of the loans repaid by instalments, whatever their product (issue 35): the schedule kind
 * of the one loan. One row per period, exactly the schedule previewed at drawdown; the lending core's
 * instalment store (modules/financing/instalment-store.ts) writes and reads them, each product under its
 * line code (`product`, e.g. CLOUD) with its loan's id — no foreign key, as in loan_events, since the loan is
 * in its product's table. The domain's loan-schedule.ts accrues, penalises and allocates each row.
 */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    id: serial('id').primaryKey(),
    /** The loan's line in the loan book (its product's own code): the core names no product. */
    product: text('product').notNull(),
    loanId: integer('loan_id').notNull(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    period: integer('period').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    payment: bigint('payment', { mode: 'number' }).notNull(),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    interest: bigint('interest', { mode: 'number' }).notNull(),
    /** The principal left after this instalment, as the plan states it. */
    remaining: bigint('remaining', { mode: 'number' }).notNull(),
    status: text('status', { enum: statesOf(instalmentLifecycle) })
      .notNull()
      .default('PENDING'),
    overdue: boolean('overdue').notNull().default(false),
    /** Penalty interest up to `penaltyAsOf` (recomputed from dates, never added to); once paid, the penalty it was paid with. */
    penaltyToDate: bigint('penalty_to_date', { mode: 'number' }).notNull().default(0),
    penaltyAsOf: date('penalty_as_of', { mode: 'string' }),
    paidAt: date('paid_at', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('loan_instalments_period').on(t.product, t.loanId, t.period),
    index('loan_instalments_due').on(t.product, t.status, t.dueDate),
    index('loan_instalments_enterprise').on(t.enterpriseId, t.status, t.dueDate),
    check(
      'loan_instalments_amounts',
      sql`${t.payment} = ${t.principal} + ${t.interest} and ${t.principal} >= 0 and ${t.interest} >= 0 and ${t.penaltyToDate} >= 0`,
    ),
  ],
);
