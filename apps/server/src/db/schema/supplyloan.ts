import {
  FINANCING_STATUSES,
  INVOICE_STATUSES,
  ORDER_RECEIVABLE_STATUSES,
  RECEIVABLE_TYPES,
  REPAYMENT_STATUSES,
  REVIEW_STATUSES,
  TRANCHE_STATUSES,
} from '@factoring/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { creditLines } from './credit.ts';
import { enterprises, users } from './identity.ts';
import { factorLoanColumns, platforms } from './loan.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';
import { uploads } from './uploads.ts';

/** An enterprise's request to join a platform; the operator grants the credit line. */
export const platformJoinApplications = pgTable(
  'platform_join_applications',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    requestedLimit: bigint('requested_limit', { mode: 'number' }).notNull(),
    remark: text('remark'),
    status: text('status', { enum: statesOf(REVIEW_STATUSES) })
      .notNull()
      .default('PENDING'),
    grantedLimit: bigint('granted_limit', { mode: 'number' }),
    reviewNote: text('review_note'),
    createdBy: integer('created_by').references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('platform_join_enterprise').on(t.enterpriseId, t.id),
    uniqueIndex('platform_join_one_pending')
      .on(t.enterpriseId, t.platformId)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/** Receivables by invoice: the seller (enterprise) invoiced the core enterprise (buyer). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    buyerEnterpriseId: integer('buyer_enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    invoiceCode: text('invoice_code').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** Amount including tax, in cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull().default(0),
    imageUploadId: integer('image_upload_id').references(() => uploads.id),
    /** What kind of receivable it is (issue 36, the supervisor's intake rules): SALE, FUTURE, BILL, CONSIGNMENT. */
    receivableType: text('receivable_type', { enum: statesOf(RECEIVABLE_TYPES) })
      .notNull()
      .default('SALE'),
    /** When the buyer must pay (应收账款到期日): an overdue receivable is not financed. */
    dueDate: date('due_date', { mode: 'string' }),
    /** The order this invoice bills (its seller's order number), when it bills one. */
    orderNo: text('order_no'),
    /** The basis contract of a future receivable (基础交易合同编号). */
    basisContractNo: text('basis_contract_no'),
    status: text('status', { enum: statesOf(INVOICE_STATUSES) })
      .notNull()
      .default('REGISTERED'),
    financingId: integer('financing_id'),
    reviewNote: text('review_note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [
    uniqueIndex('invoices_seller_code_number').on(t.enterpriseId, t.invoiceCode, t.invoiceNumber),
    // An invoice exists once in the whole portal while it is live (any seller): no double financing.
    uniqueIndex('invoices_code_number_live')
      .on(t.invoiceCode, t.invoiceNumber)
      .where(sql`${t.status} <> 'REJECTED'`),
    index('invoices_enterprise_status').on(t.enterpriseId, t.status, t.id),
    check('invoices_amounts', sql`${t.amount} > 0 and ${t.taxAmount} >= 0 and ${t.taxAmount} <= ${t.amount}`),
  ],
);

/** Purchase orders from the core enterprise, financed by an order loan instead of invoices. */
export const orderReceivables = pgTable(
  'order_receivables',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    buyerEnterpriseId: integer('buyer_enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    orderNo: text('order_no').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    attachmentUploadId: integer('attachment_upload_id').references(() => uploads.id),
    status: text('status', { enum: statesOf(ORDER_RECEIVABLE_STATUSES) })
      .notNull()
      .default('REGISTERED'),
    financingId: integer('financing_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('order_receivables_seller_no').on(t.enterpriseId, t.orderNo),
    check('order_receivables_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * A supply-chain financing (PRODUCT §6): against invoices (INVOICE) or a purchase order (ORDER).
 * Its status follows the domain's financingLifecycle; money owed lives on its tranches.
 * Charges are priced at application from the platform and copied here, so later price changes do
 * not touch a running financing.
 */
export const financings = pgTable(
  'financings',
  {
    ...factorLoanColumns({ platform: () => platforms.id, creditLine: () => creditLines.id }),
    kind: text('kind', { enum: ['INVOICE', 'ORDER'] }).notNull(),
    /** Principal drawn so far (the whole amount for an invoice financing once disbursed). */
    drawn: bigint('drawn', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: statesOf(FINANCING_STATUSES) }).notNull(),
    extended: boolean('extended').notNull().default(false),
    contractId: integer('contract_id'),
    purpose: text('purpose'),
    reviewNote: text('review_note'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('financings_no').on(t.financingNo),
    index('financings_enterprise').on(t.enterpriseId, t.id),
    index('financings_status').on(t.status, t.id),
    check('financings_amounts', sql`${t.amount} > 0 and ${t.drawn} >= 0 and ${t.drawn} <= ${t.amount} and ${t.reserved} >= 0`),
  ],
);

/** Which invoices back an invoice financing (an invoice backs at most one live financing). */
export const financingInvoices = pgTable(
  'financing_invoices',
  {
    financingId: integer('financing_id')
      .notNull()
      .references(() => financings.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.financingId, t.invoiceId] }), index('financing_invoices_invoice').on(t.invoiceId)],
);

/**
 * A disbursed (or to-be-disbursed) part of a financing with its own value and due date: the single
 * tranche of an invoice financing, or one drawdown of an order loan. Interest, penalty and
 * outstanding principal are tracked here.
 *
 * Interest in arrears accrues on `outstanding` from `interestFrom`; `interestUnpaid` holds what was
 * crystallised at earlier principal changes. Penalty accrues on overdue principal from
 * `penaltyFrom`; `penaltyUnpaid` holds crystallised penalty; `penaltyToDate` is the daily job's
 * figure as of `penaltyAsOf`.
 */
export const financingTranches = pgTable(
  'financing_tranches',
  {
    id: serial('id').primaryKey(),
    financingId: integer('financing_id')
      .notNull()
      .references(() => financings.id),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    seq: integer('seq').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    termDays: integer('term_days').notNull(),
    interest: bigint('interest', { mode: 'number' }).notNull(),
    serviceFee: bigint('service_fee', { mode: 'number' }).notNull(),
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: statesOf(TRANCHE_STATUSES) })
      .notNull()
      .default('PENDING'),
    startDate: date('start_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    outstanding: bigint('outstanding', { mode: 'number' }).notNull().default(0),
    /** The tranche's own annual rate once an extension re-priced it (null: the financing's rate). */
    annualRatePpm: integer('annual_rate_ppm'),
    interestFrom: date('interest_from', { mode: 'string' }),
    interestUnpaid: bigint('interest_unpaid', { mode: 'number' }).notNull().default(0),
    interestPaid: bigint('interest_paid', { mode: 'number' }).notNull().default(0),
    penaltyFrom: date('penalty_from', { mode: 'string' }),
    penaltyUnpaid: bigint('penalty_unpaid', { mode: 'number' }).notNull().default(0),
    penaltyPaid: bigint('penalty_paid', { mode: 'number' }).notNull().default(0),
    penaltyToDate: bigint('penalty_to_date', { mode: 'number' }).notNull().default(0),
    penaltyAsOf: date('penalty_as_of', { mode: 'string' }),
    principalPaid: bigint('principal_paid', { mode: 'number' }).notNull().default(0),
    overdue: boolean('overdue').notNull().default(false),
    extended: boolean('extended').notNull().default(false),
    disburseEntryId: integer('disburse_entry_id'),
    disbursedBy: integer('disbursed_by').references(() => users.id),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('financing_tranches_seq').on(t.financingId, t.seq),
    index('financing_tranches_enterprise').on(t.enterpriseId, t.id),
    index('financing_tranches_open').on(t.status, t.dueDate),
    check('financing_tranches_amounts', sql`${t.amount} > 0 and ${t.outstanding} >= 0 and ${t.outstanding} <= ${t.amount}`),
  ],
);

/** One tranche's part of a repayment; `interestRefund`: upfront interest of the days not used given back (issue 37 item 10). */
export type RepaymentAllocation = { trancheId: number; principal: number; interest: number; penalty: number; interestRefund?: number };

/** A repayment: online from the account, or an offline transfer voucher confirmed by an operator. */
export const repayments = pgTable(
  'repayments',
  {
    id: serial('id').primaryKey(),
    financingId: integer('financing_id')
      .notNull()
      .references(() => financings.id),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    method: text('method', { enum: ['ONLINE', 'OFFLINE'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    principal: bigint('principal', { mode: 'number' }).notNull().default(0),
    interest: bigint('interest', { mode: 'number' }).notNull().default(0),
    penalty: bigint('penalty', { mode: 'number' }).notNull().default(0),
    allocations: jsonb('allocations').$type<RepaymentAllocation[]>().notNull().default([]),
    status: text('status', { enum: statesOf(REPAYMENT_STATUSES) }).notNull(),
    voucherUploadId: integer('voucher_upload_id').references(() => uploads.id),
    payerAccountName: text('payer_account_name'),
    payerAccountNo: text('payer_account_no'),
    entryId: integer('entry_id'),
    refNo: text('ref_no'),
    reviewNote: text('review_note'),
    repayDate: date('repay_date', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('repayments_financing').on(t.financingId, t.id),
    index('repayments_enterprise').on(t.enterpriseId, t.id),
    check('repayments_amount', sql`${t.amount} > 0`),
  ],
);

/** An extension request: a new due date for a disbursed tranche, approved by an operator. */
export const financingExtensions = pgTable(
  'financing_extensions',
  {
    id: serial('id').primaryKey(),
    financingId: integer('financing_id')
      .notNull()
      .references(() => financings.id),
    trancheId: integer('tranche_id')
      .notNull()
      .references(() => financingTranches.id),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    oldDueDate: date('old_due_date', { mode: 'string' }).notNull(),
    newDueDate: date('new_due_date', { mode: 'string' }).notNull(),
    /** The extra interest the extension costs (upfront mode: charged on approval; in arrears: accrues). */
    extraInterest: bigint('extra_interest', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: statesOf(REVIEW_STATUSES) })
      .notNull()
      .default('PENDING'),
    reviewNote: text('review_note'),
    createdBy: integer('created_by').references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('financing_extensions_financing').on(t.financingId, t.id),
    uniqueIndex('financing_extensions_one_pending')
      .on(t.trancheId)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/**
 * Factoring money of an invoice financing (issue 36): what reached the factor for it and how it was booked —
 * the debtor's payment to the collection account (DEBTOR, from a bank-statement line), a debtor payment the
 * supplier received and forwarded (MISDIRECTED), the supplier's buy-back of a shortfall (BUYBACK, with
 * recourse) and the factor's write-off of one against the reserve (WRITE_OFF, without). `amount` is what
 * came in (or was written off); principal + interest + penalty what settled the financing; `rebate` the
 * surplus left in the supplier's account. `sourceKey` makes each booking once-only (a statement line, a task).
 */
export const factoringCollections = pgTable(
  'factoring_collections',
  {
    id: serial('id').primaryKey(),
    financingId: integer('financing_id')
      .notNull()
      .references(() => financings.id),
    kind: text('kind', { enum: ['DEBTOR', 'MISDIRECTED', 'BUYBACK', 'WRITE_OFF'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    principal: bigint('principal', { mode: 'number' }).notNull().default(0),
    interest: bigint('interest', { mode: 'number' }).notNull().default(0),
    penalty: bigint('penalty', { mode: 'number' }).notNull().default(0),
    rebate: bigint('rebate', { mode: 'number' }).notNull().default(0),
    /** Upfront interest of the days not used, given back to the supplier with the repayment (issue 37 item 10). */
    interestRefund: bigint('interest_refund', { mode: 'number' }).notNull().default(0),
    payerName: text('payer_name'),
    reference: text('reference'),
    sourceKey: text('source_key').notNull(),
    /** The ledger reference of the booking (the repayment's, or the write-off's). */
    refNo: text('ref_no'),
    collectedOn: date('collected_on', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('factoring_collections_source').on(t.sourceKey),
    index('factoring_collections_financing').on(t.financingId, t.id),
    check(
      'factoring_collections_amounts',
      sql`${t.amount} > 0 and ${t.principal} >= 0 and ${t.interest} >= 0 and ${t.penalty} >= 0 and ${t.rebate} >= 0 and ${t.interestRefund} >= 0`,
    ),
  ],
);
