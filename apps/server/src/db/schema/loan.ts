import { bigint, boolean, date, index, integer, pgTable, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { timestampNow } from './timestamps.ts';

/**
 * The one shape of a loan (issue 22): what every lending product's loan record carries — its number,
 * borrower, programme and credit line, principal and the credit it holds, terms and rates, the charges
 * priced at application, dates, the overdue flag and who created it. A product's table spreads these
 * columns and adds what is its own (a supply loan's kind and contract, a pledge's goods and lines)
 * and its status column; the lending core's store (modules/financing/loan-store.ts) reads and writes
 * them the same way for every product. Money in integer cents, rates in parts per million.
 */
export function loanColumns(refs: { platform: () => AnyPgColumn; creditLine: () => AnyPgColumn }) {
  return {
    id: serial('id').primaryKey(),
    financingNo: text('financing_no').notNull(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    platformId: integer('platform_id').notNull().references(refs.platform),
    creditLineId: integer('credit_line_id').notNull().references(refs.creditLine),
    /** Applied (and approved) principal. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Credit still reserved on the credit line by this loan (until drawn, settled or ended). */
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
    termDays: integer('term_days').notNull(),
    annualRatePpm: integer('annual_rate_ppm').notNull(),
    serviceFeeRatePpm: integer('service_fee_rate_ppm').notNull(),
    penaltyMultiplierPpm: integer('penalty_multiplier_ppm').notNull(),
    interestMode: text('interest_mode', { enum: ['UPFRONT', 'ARREARS'] }).notNull(),
    /** The trial at application: interest and fee for the whole term, and the net amount paid out. */
    interest: bigint('interest', { mode: 'number' }).notNull(),
    serviceFee: bigint('service_fee', { mode: 'number' }).notNull(),
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
    applyDate: date('apply_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    overdue: boolean('overdue').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  };
}

/**
 * The history of every loan, whatever its product (who did what, when, from which status to which):
 * one table, written only by the lending core's store for a loan row it holds locked.
 */
export const loanEvents = pgTable(
  'loan_events',
  {
    id: serial('id').primaryKey(),
    /** The loan's line in the loan book (its product's own code, e.g. SUPPLY, PLEDGE, CLOUD): the core names no product. */
    product: text('product').notNull(),
    loanId: integer('loan_id').notNull(),
    action: text('action').notNull(),
    note: text('note'),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorId: integer('actor_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('loan_events_loan').on(t.product, t.loanId, t.id)],
);
