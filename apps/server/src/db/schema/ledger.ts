import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
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
import { enterprises, users } from './identity.ts';
import { CONSIGNMENT_STATUSES, PAYEE_STATUSES, WITHDRAWAL_STATUSES, type Bucket } from '@factoring/domain';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

/** The parts of an enterprise's virtual account (the domain's `Bucket`); MARGIN since issue 22. */
const BUCKETS = ['AVAILABLE', 'FROZEN', 'CONTROLLED', 'MARGIN'] as const satisfies readonly Bucket[];

/**
 * The double-entry ledger (issue 5). Every movement of money is one journal entry with two or more
 * lines whose debits equal credits, in integer cents. Entries and lines are never updated or deleted
 * (a trigger refuses it); corrections are new entries.
 *
 * `balance` on an account is a cache of its ledger sum on the account's normal side, written in the
 * same transaction as the lines, under a row lock; `npm run ledger:check` proves it.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** 'BANK_CASH', 'FEE_INCOME', … for the factor's own accounts; 'VA:<enterpriseId>:<bucket>' for enterprises. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category', { enum: ['ASSET', 'LIABILITY', 'INCOME', 'EXPENSE'] }).notNull(),
    /** The side that increases the balance: assets and expenses on the debit side, liabilities and income on the credit side. */
    normalSide: text('normal_side', { enum: ['D', 'C'] }).notNull(),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    bucket: text('bucket', { enum: BUCKETS }),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** Cached number of lines on this account (for the fund-flow list's total without counting a million rows). */
    lineCount: bigint('line_count', { mode: 'number' }).notNull().default(0),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code').on(t.code),
    uniqueIndex('ledger_accounts_enterprise_bucket').on(t.enterpriseId, t.bucket),
    check('ledger_accounts_enterprise_not_negative', sql`${t.enterpriseId} is null or ${t.balance} >= 0`),
    check('ledger_accounts_enterprise_has_bucket', sql`(${t.enterpriseId} is null) = (${t.bucket} is null)`),
  ],
);

/** One virtual account per certified enterprise: the number the enterprise tops up to, and its four buckets. */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    accountNo: text('account_no').notNull(),
    availableAccountId: integer('available_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    frozenAccountId: integer('frozen_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    controlledAccountId: integer('controlled_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** The margins of the enterprise's live pledge financings: its money, shown as frozen (issue 22). */
    marginAccountId: integer('margin_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [uniqueIndex('virtual_accounts_enterprise').on(t.enterpriseId), uniqueIndex('virtual_accounts_account_no').on(t.accountNo)],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    memo: text('memo'),
    /** The user (merchant or operator) whose call posted it; null for seeds and system jobs. */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('journal_entries_kind').on(t.kind, t.id)],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    side: text('side', { enum: ['D', 'C'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Copied from the account so an enterprise's fund flows read from one index. */
    enterpriseId: integer('enterprise_id'),
    bucket: text('bucket', { enum: BUCKETS }),
    /** The user-facing kind of this line (DEPOSIT, WITHDRAWAL, WITHDRAWAL_FEE, TRANSFER_IN, …). */
    flowType: text('flow_type').notNull(),
    counterpartyName: text('counterparty_name'),
    counterpartyAccount: text('counterparty_account'),
    memo: text('memo'),
    /** Copied from the entry. */
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    check('journal_lines_amount_positive', sql`${t.amount} > 0`),
    index('journal_lines_entry').on(t.entryId),
    index('journal_lines_account').on(t.accountId, t.id),
    // The fund-flow list: the lines on the parts an enterprise spends from (FLOW_BUCKETS); the
    // frozen and margin parts' lines mirror a line on the available part and are internal.
    index('journal_lines_flows')
      .on(t.enterpriseId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.enterpriseId} is not null and ${t.bucket} in ('AVAILABLE', 'CONTROLLED')`),
  ],
);

/** A money-moving call's idempotency key: the first successful answer, replayed for the same key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

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
