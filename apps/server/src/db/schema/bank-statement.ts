import { RECONCILIATION_DAY_STATUSES, STATEMENT_LINE_STATUSES } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bpmTasks } from './bpm.ts';
import { users } from './identity.ts';
import { journalLines } from './ledger.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

/**
 * The factor's collection account as its bank reports it (issue 26). A statement file is imported once
 * per account (its SHA-256); each of its lines is stored once per account (`line_key`: the bank's
 * serial number, else a hash of the line's fields), so a re-import or an overlapping period adds only
 * what is new. A line is linked to what explains it — a booked ledger line (a receipt, a pay-out), or
 * an inbox task that will book it (a deposit, a transfer voucher) — or waits as an exception.
 */

/** A bank's online-banking export: which column holds which field (the built-in formats are in code). */
export const bankStatementFormats = pgTable('bank_statement_formats', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  bankName: text('bank_name').notNull(),
  /** `{ columns, creditMarkers, meta }` as the contract's statementFormatBody holds them. */
  mapping: jsonb('mapping').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  createdAt: timestampNow('created_at'),
  updatedAt: timestampNow('updated_at'),
});

export const bankStatements = pgTable(
  'bank_statements',
  {
    id: serial('id').primaryKey(),
    statementNo: text('statement_no').notNull().unique(),
    accountNo: text('account_no').notNull(),
    formatCode: text('format_code').notNull(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    fileSize: integer('file_size').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    openingBalance: bigint('opening_balance', { mode: 'number' }).notNull(),
    closingBalance: bigint('closing_balance', { mode: 'number' }).notNull(),
    lineCount: integer('line_count').notNull(),
    added: integer('added').notNull(),
    duplicates: integer('duplicates').notNull(),
    importedBy: integer('imported_by').references(() => users.id),
    importedAt: timestampNow('imported_at'),
    /**
     * Voided (作废) by a second operator's approval of a BANK_STATEMENT_VOID task: its lines (none was
     * matched) were removed, it covers no day any more, and the same file may be imported again.
     */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id),
    voidReason: text('void_reason'),
  },
  (t) => [
    uniqueIndex('bank_statements_account_file')
      .on(t.accountNo, t.fileSha256)
      .where(sql`${t.voidedAt} is null`),
  ],
);

export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: serial('id').primaryKey(),
    /** The statement that first brought the line. */
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    accountNo: text('account_no').notNull(),
    /** `S:<serial>` when the bank numbers its lines, else `H:<sha256 of the fields>`. */
    lineKey: text('line_key').notNull(),
    /** SHA-256 of the fields: a later file with the same serial and other fields is refused as altered. */
    fingerprint: text('fingerprint').notNull(),
    /** The line's place in its statement (the bank's order, which the running balance follows). */
    seq: integer('seq').notNull(),
    bookDate: date('book_date', { mode: 'string' }).notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    direction: text('direction', { enum: ['CREDIT', 'DEBIT'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balance: bigint('balance', { mode: 'number' }),
    counterpartyName: text('counterparty_name'),
    counterpartyAccount: text('counterparty_account'),
    counterpartyBank: text('counterparty_bank'),
    memo: text('memo'),
    remark: text('remark'),
    serialNo: text('serial_no'),
    subAccount: text('sub_account'),
    status: text('status', { enum: statesOf(STATEMENT_LINE_STATUSES) })
      .notNull()
      .default('UNMATCHED'),
    matchKind: text('match_kind', { enum: ['RECEIPT', 'DEPOSIT_TASK', 'VOUCHER', 'PAYOUT'] }),
    /** The inbox task that books the line (a deposit, a voucher), while it waits and after. */
    taskId: integer('task_id').references(() => bpmTasks.id),
    /** The ledger line on the factor's bank account (BANK_CASH) that the line is. */
    journalLineId: bigint('journal_line_id', { mode: 'number' }).references(() => journalLines.id),
    matchLabel: text('match_label'),
    note: text('note'),
    suggestion: text('suggestion'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_key').on(t.accountNo, t.lineKey),
    // A booked ledger line is seen on one statement line only.
    uniqueIndex('bank_statement_lines_journal_line')
      .on(t.journalLineId)
      .where(sql`${t.journalLineId} is not null`),
    index('bank_statement_lines_status').on(t.status, t.bookDate),
    index('bank_statement_lines_day').on(t.accountNo, t.bookDate, t.seq),
    index('bank_statement_lines_task').on(t.taskId),
    check('bank_statement_lines_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** A payment file for the bank's corporate portal: the executed pay-outs it carries. */
export const paymentBatches = pgTable('payment_batches', {
  id: serial('id').primaryKey(),
  batchNo: text('batch_no').notNull().unique(),
  itemCount: integer('item_count').notNull(),
  totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestampNow('created_at'),
});

export const paymentBatchItems = pgTable(
  'payment_batch_items',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => paymentBatches.id),
    /** The pay-out: the BANK_CASH credit line of a withdrawal's pay-out or a targeted payment. */
    journalLineId: bigint('journal_line_id', { mode: 'number' })
      .notNull()
      .references(() => journalLines.id),
    endToEndId: text('end_to_end_id').notNull().unique(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payeeName: text('payee_name').notNull(),
    payeeAccount: text('payee_account').notNull(),
    payeeBank: text('payee_bank'),
    memo: text('memo'),
  },
  (t) => [uniqueIndex('payment_batch_items_journal_line').on(t.journalLineId), index('payment_batch_items_batch').on(t.batchId)],
);

/** A day's reconciliation of the collection account, recomputed on import, on every change of a line and at close of business. */
export const bankReconciliationDays = pgTable(
  'bank_reconciliation_days',
  {
    accountNo: text('account_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    openingBalance: bigint('opening_balance', { mode: 'number' }).notNull(),
    closingBalance: bigint('closing_balance', { mode: 'number' }).notNull(),
    credits: bigint('credits', { mode: 'number' }).notNull(),
    debits: bigint('debits', { mode: 'number' }).notNull(),
    ledgerReceipts: bigint('ledger_receipts', { mode: 'number' }).notNull(),
    ledgerPayouts: bigint('ledger_payouts', { mode: 'number' }).notNull(),
    difference: bigint('difference', { mode: 'number' }).notNull(),
    explained: bigint('explained', { mode: 'number' }).notNull(),
    status: text('status', { enum: statesOf(RECONCILIATION_DAY_STATUSES) }).notNull(),
    items: jsonb('items').notNull(),
    computedAt: timestampNow('computed_at'),
  },
  (t) => [primaryKey({ columns: [t.accountNo, t.date] }), index('bank_reconciliation_days_status').on(t.status, t.date)],
);
