import { PLEDGE_VOUCHER_KINDS, PLEDGE_VOUCHER_STATUSES } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { journalEntries } from './ledger.ts';
import { pledgeFinancings, pledgeMarginCalls } from './pledge.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';
import { uploads } from './uploads.ts';

/**
 * A bank-transfer voucher of a goods-pledge financing (PRODUCT §8 /pledge/bondVoucher, /pledge/giveGold,
 * /pledge/repaymentVoucher): the margin, a margin call's top-up or a repayment paid offline, waiting
 * for an operator to confirm the money arrived. Confirmation posts it through the ledger (entryId).
 */
export const pledgeVouchers = pgTable(
  'pledge_vouchers',
  {
    id: serial('id').primaryKey(),
    voucherNo: text('voucher_no').notNull(),
    financingId: integer('financing_id')
      .notNull()
      .references(() => pledgeFinancings.id),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    kind: text('kind', { enum: statesOf(PLEDGE_VOUCHER_KINDS) }).notNull(),
    /** The margin call a top-up answers. */
    marginCallId: integer('margin_call_id').references(() => pledgeMarginCalls.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id),
    payerAccountName: text('payer_account_name').notNull(),
    payerAccountNo: text('payer_account_no').notNull(),
    status: text('status', { enum: statesOf(PLEDGE_VOUCHER_STATUSES) })
      .notNull()
      .default('PENDING'),
    reviewNote: text('review_note'),
    /** On confirmation: the bank receipt's ledger entry, and the reference of the payment made from it. */
    entryId: integer('entry_id').references(() => journalEntries.id),
    refNo: text('ref_no'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pledge_vouchers_no').on(t.voucherNo),
    index('pledge_vouchers_financing').on(t.financingId, t.id),
    // One voucher of a kind waiting per financing: a second upload is refused until the first is decided.
    uniqueIndex('pledge_vouchers_one_pending')
      .on(t.financingId, t.kind)
      .where(sql`${t.status} = 'PENDING'`),
    check('pledge_vouchers_amount', sql`${t.amount} > 0`),
  ],
);
