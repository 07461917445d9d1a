import { NOTICE_MODES } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { timestampNow } from './timestamps.ts';

/**
 * The one shape of a loan (issue 22): what every lending product's loan record carries — its number,
 * borrower, principal, terms and rates, the charges priced at application, dates, the overdue flag and
 * who created it. A product's table spreads these columns and adds what is its own (a supply loan's kind
 * and contract, a pledge's goods and lines, a cloud loan's grant and bank) and its status column; the
 * lending core's store (modules/financing/loan-store.ts) reads and writes them the same way for every
 * product. A loan of the factor's own programmes adds `programmeColumns` (`factorLoanColumns` spreads
 * both); a bank's loan has no platform or credit line of the factor. Money in integer cents, rates in
 * parts per million.
 */
export function loanColumns() {
  return {
    id: serial('id').primaryKey(),
    financingNo: text('financing_no').notNull(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    /** Applied (and approved) principal. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
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

/** What a loan of the factor's programmes adds to the shape: its platform, its credit line and the credit it holds there. */
export function programmeColumns(refs: { platform: () => AnyPgColumn; creditLine: () => AnyPgColumn }) {
  return {
    platformId: integer('platform_id').notNull().references(refs.platform),
    creditLineId: integer('credit_line_id').notNull().references(refs.creditLine),
    /** Credit still reserved on the credit line by this loan (until drawn, settled or ended). */
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
  };
}

/** The shape and the programme's references, in the order the supply loan's and the pledge's tables always had. */
export function factorLoanColumns(refs: { platform: () => AnyPgColumn; creditLine: () => AnyPgColumn }) {
  const { id, financingNo, enterpriseId, amount, ...rest } = loanColumns();
  const { platformId, creditLineId, reserved } = programmeColumns(refs);
  return { id, financingNo, enterpriseId, platformId, creditLineId, amount, reserved, ...rest };
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

export type PlatformAccount = { accountName: string; bankBranchName: string; accountNo: string };

/** One row of a platform's price list: the rate and fee for terms within [minDays, maxDays]. */
export type PriceBracket = { minDays: number; maxDays: number; annualRatePpm: number; serviceFeeRatePpm: number };

/**
 * A financing programme run by the factor with a core enterprise (PRODUCT §6). Rates are parts per
 * million; the price list refines rate and fee by term bracket (terms outside every bracket use the
 * base rate and fee).
 */
export const platforms = pgTable(
  'platforms',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    coreEnterpriseId: integer('core_enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    product: text('product', { enum: ['SUPPLY', 'PLEDGE'] }).notNull(),
    annualRatePpm: integer('annual_rate_ppm').notNull(),
    maxTermDays: integer('max_term_days').notNull(),
    advanceRatePpm: integer('advance_rate_ppm').notNull(),
    interestMode: text('interest_mode', { enum: ['UPFRONT', 'ARREARS'] }).notNull(),
    serviceFeeRatePpm: integer('service_fee_rate_ppm').notNull().default(0),
    penaltyMultiplierPpm: integer('penalty_multiplier_ppm').notNull().default(1_500_000),
    priceList: jsonb('price_list').$type<PriceBracket[]>().notNull().default([]),
    /** Null: the default receiving account for factoring from the site configuration. */
    repaymentAccount: jsonb('repayment_account').$type<PlatformAccount | null>(),
    description: text('description').notNull().default(''),
    /** Open to join applications. */
    joinable: boolean('joinable').notNull().default(true),
    /**
     * How the factor tells the core enterprise (the debtor) of an assignment (issue 36): DISCLOSED (明保理)
     * sends the notice once the factor countersigns it; UNDISCLOSED (暗保理) holds it until a trigger.
     */
    noticeMode: text('notice_mode', { enum: NOTICE_MODES }).notNull().default('DISCLOSED'),
    /** Where notices go by mail when the core enterprise has no user on the portal (通知送达邮箱). */
    noticeEmail: text('notice_email'),
    /**
     * Factoring money (issue 36, 民法典 arts. 766–767): with recourse (有追索权) a shortfall at maturity + grace
     * is bought back by the supplier; without (无追索权) the factor bears it, written off against the reserve.
     */
    recourse: boolean('recourse').notNull().default(true),
    /** Days after maturity the debtor still has to pay the collection account before the shortfall is acted on. */
    collectionGraceDays: integer('collection_grace_days').notNull().default(5),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('platforms_code').on(t.code),
    check('platforms_rates', sql`${t.annualRatePpm} >= 0 and ${t.serviceFeeRatePpm} >= 0 and ${t.penaltyMultiplierPpm} >= 0`),
    check('platforms_advance_rate', sql`${t.advanceRatePpm} > 0 and ${t.advanceRatePpm} <= 1000000`),
    check('platforms_max_term', sql`${t.maxTermDays} > 0`),
    check('platforms_collection_grace', sql`${t.collectionGraceDays} >= 0 and ${t.collectionGraceDays} <= 90`),
  ],
);
