import { TRANSFER_VOUCHER_STATUSES } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { journalEntries } from './ledger.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';
import { uploads } from './uploads.ts';

/**
 * A transfer voucher (issue 35, one offline payment), owned by the lending core: an enterprise paid the factor's
 * collection account by bank transfer for one of its loans — a repayment, a margin, a margin call's top-up — and
 * waits for an operator to confirm the money arrived. Every product's vouchers are here: the product names itself
 * (`product`, e.g. PLEDGE, SUPPLY) and what the money is for (`purpose`, its own words: MARGIN, TOP_UP, REPAYMENT);
 * the core names none. Confirmation books the bank receipt (`entry_id`) and the product's payment from it.
 */
export const transferVouchers = pgTable(
  'transfer_vouchers',
  {
    id: serial('id').primaryKey(),
    voucherNo: text('voucher_no').notNull(),
    /** The product that took it (a code the product passes; no foreign key — each product has its own loans). */
    product: text('product').notNull(),
    loanId: integer('loan_id').notNull(),
    /** The loan's number as the payer's remark names it (a loan's number never changes). */
    loanNo: text('loan_no').notNull(),
    purpose: text('purpose').notNull(),
    /** A record of the product's the voucher answers, e.g. the margin call a top-up meets. */
    relatedId: integer('related_id'),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id),
    payerAccountName: text('payer_account_name').notNull(),
    payerAccountNo: text('payer_account_no').notNull(),
    status: text('status', { enum: statesOf(TRANSFER_VOUCHER_STATUSES) })
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
    uniqueIndex('transfer_vouchers_no').on(t.voucherNo),
    index('transfer_vouchers_loan').on(t.product, t.loanId, t.id),
    index('transfer_vouchers_upload').on(t.uploadId),
    // One voucher of a purpose waiting per loan: a second upload is refused until the first is decided.
    uniqueIndex('transfer_vouchers_one_pending')
      .on(t.product, t.loanId, t.purpose)
      .where(sql`${t.status} = 'PENDING'`),
    check('transfer_vouchers_amount', sql`${t.amount} > 0`),
  ],
);
