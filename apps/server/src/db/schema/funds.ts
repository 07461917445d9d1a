// The funds area's tables: withdrawals, whitelisted payees, controlled tranches and the targeted payments out of
// them, consignment applications. The money itself is the ledger's (ledger.ts); these say what it was for.
import { CONSIGNMENT_STATUSES, PAYEE_STATUSES, WITHDRAWAL_STATUSES } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { journalEntries } from './ledger.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    bankName: text('bank_name').notNull(),
    bankAccountNo: text('bank_account_no').notNull(),
    bankAccountName: text('bank_account_name').notNull(),
    status: text('status', { enum: statesOf(WITHDRAWAL_STATUSES) })
      .notNull()
      .default('PENDING'),
    requestEntryId: integer('request_entry_id')
      .notNull()
      .references(() => journalEntries.id),
    settleEntryId: integer('settle_entry_id').references(() => journalEntries.id),
    requestedBy: integer('requested_by').references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    reason: text('reason'),
    createdAt: timestampNow('created_at'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('withdrawals_enterprise').on(t.enterpriseId, t.id), index('withdrawals_status').on(t.status, t.id)],
);

/** Payees for targeted payment (the whitelist): opened or changed by the enterprise, reviewed by an operator. */
export const payees = pgTable(
  'payees',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    name: text('name').notNull(),
    bankName: text('bank_name').notNull(),
    accountNo: text('account_no').notNull(),
    relation: text('relation', { enum: ['UPSTREAM', 'DOWNSTREAM'] })
      .notNull()
      .default('UPSTREAM'),
    status: text('status', { enum: statesOf(PAYEE_STATUSES) })
      .notNull()
      .default('PENDING'),
    /** A pending change of an active payee: the new values wait here while the old ones stay usable. */
    pendingChange: jsonb('pending_change').$type<{
      name: string;
      bankName: string;
      accountNo: string;
      relation: 'UPSTREAM' | 'DOWNSTREAM';
    } | null>(),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [index('payees_enterprise').on(t.enterpriseId, t.id), index('payees_status').on(t.status, t.id)],
);

/** Controlled money credited to an enterprise (a disbursement); leaves only by targeted payment. */
export const controlledTranches = pgTable(
  'controlled_tranches',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    /** The financing record this money came from (e.g. a loan number). */
    sourceRef: text('source_ref').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Cache of the targeted payments from this tranche, written under the tranche's row lock. */
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    index('controlled_tranches_enterprise').on(t.enterpriseId, t.id),
    check('controlled_tranches_paid_range', sql`${t.paid} >= 0 and ${t.paid} <= ${t.amount}`),
  ],
);

export const targetedPayments = pgTable(
  'targeted_payments',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    trancheId: integer('tranche_id')
      .notNull()
      .references(() => controlledTranches.id),
    payeeId: integer('payee_id')
      .notNull()
      .references(() => payees.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    purpose: text('purpose'),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('targeted_payments_enterprise').on(t.enterpriseId, t.id), index('targeted_payments_tranche').on(t.trancheId)],
);

/** Consignment (pay-on-behalf) applications: the enterprise asks the factor to pay a supplier for it. */
export const consignmentApplications = pgTable(
  'consignment_applications',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    payeeId: integer('payee_id')
      .notNull()
      .references(() => payees.id),
    contractNo: text('contract_no').notNull(),
    amountLimit: bigint('amount_limit', { mode: 'number' }).notNull(),
    remark: text('remark'),
    status: text('status', { enum: statesOf(CONSIGNMENT_STATUSES) })
      .notNull()
      .default('PENDING'),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('consignment_enterprise').on(t.enterpriseId, t.id), index('consignment_status').on(t.status, t.id)],
);
