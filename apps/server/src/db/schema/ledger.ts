import { type Bucket } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
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
