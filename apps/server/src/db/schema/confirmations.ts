import { CONFIRMATION_CHANNELS, CONFIRMATION_STATUSES, NOTICE_MODES, NOTICE_STATUSES, NOTICE_TRIGGERS } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { financedAssets } from './receivables.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

/**
 * The debtor's answer about a receivable assigned to the factor (issue 36, PRODUCT §13 确权): one row per
 * receivable (its natural key, as in `financed_assets`), written when the debtor — the invoice's buyer, a
 * user of its own enterprise — confirms or disputes it. CONFIRMED records what it confirmed (amount, due
 * date, no set-off and no dispute) and its signed 确认函 (a contract of type RECEIVABLE_CONFIRMATION);
 * DISPUTED its reason. No row: the receivable waits for the debtor.
 */
export const receivableConfirmations = pgTable(
  'receivable_confirmations',
  {
    id: serial('id').primaryKey(),
    assetKey: text('asset_key').notNull(),
    /** The financed asset the debtor answered about (the financing that held the receivable then). */
    assetId: integer('asset_id')
      .notNull()
      .references(() => financedAssets.id),
    /** 发票 3100231130-80000002. */
    label: text('label').notNull(),
    debtorEnterpriseId: integer('debtor_enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    /** The creditor who assigned it (the supplier). */
    creditorEnterpriseId: integer('creditor_enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    status: text('status', { enum: statesOf(CONFIRMATION_STATUSES) }).notNull(),
    /** What the debtor confirmed it owes, in cents, and when it pays. */
    amount: bigint('amount', { mode: 'number' }),
    dueDate: date('due_date', { mode: 'string' }),
    /** 无抵销、无争议: the debtor states it has no set-off or defence against the receivable. */
    noSetOff: boolean('no_set_off').notNull().default(false),
    /** The signed confirmation letter (contracts.id). */
    letterContractId: integer('letter_contract_id'),
    letterNo: text('letter_no'),
    /** PORTAL: signed by the debtor's user; PAPER: the debtor's stamped letter, scanned and recorded by an operator. */
    channel: text('channel', { enum: CONFIRMATION_CHANNELS }).notNull().default('PORTAL'),
    /** A paper confirmation: the scanned letter (uploads.id, the operator's) and the date the debtor signed it. */
    evidenceUploadId: integer('evidence_upload_id'),
    evidenceSignedOn: date('evidence_signed_on', { mode: 'string' }),
    evidenceNote: text('evidence_note'),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    confirmedByName: text('confirmed_by_name'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    disputedBy: integer('disputed_by').references(() => users.id),
    disputedByName: text('disputed_by_name'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('receivable_confirmations_key').on(t.assetKey),
    index('receivable_confirmations_debtor').on(t.debtorEnterpriseId, t.id),
    index('receivable_confirmations_asset').on(t.assetId),
    check(
      'receivable_confirmations_complete',
      sql`(${t.status} <> 'CONFIRMED' or (${t.amount} > 0 and ${t.noSetOff} and ${t.confirmedAt} is not null and (${t.letterContractId} is not null or (${t.channel} = 'PAPER' and ${t.evidenceUploadId} is not null and ${t.evidenceSignedOn} is not null)))) and (${t.status} <> 'DISPUTED' or ${t.disputeReason} is not null)`,
    ),
  ],
);

/** A snapshot of one receivable a notice names. */
export type NoticeReceivable = { assetKey: string; label: string; amount: number; dueDate: string | null };
/** The factor's collection account a notice names (the platform's, else the site's factoring account). */
export type CollectionAccount = { accountName: string; bankBranchName: string; accountNo: string };

/**
 * Notices to the debtor (issue 36, PRODUCT §13; 民法典 art. 546): the notice of assignment of a financing's
 * receivables — drawn up when the factor approves the financing, signed by the supplier (a contract of
 * type ASSIGNMENT_NOTICE) and countersigned by the factor, then sent at once (明保理) or held until its
 * trigger (暗保理) — and the release notice (解除转让通知) that follows when the financing ends after the
 * debtor was told. Every delivery goes through the `NoticeDelivery` port, whose receipt is kept here.
 */
export const assignmentNotices = pgTable(
  'assignment_notices',
  {
    id: serial('id').primaryKey(),
    /** ZR + the financing number (a redrawn notice -2, -3 …), JC + … for a release notice: the debtor's payment reference. */
    noticeNo: text('notice_no').notNull(),
    kind: text('kind', { enum: ['ASSIGNMENT', 'RELEASE'] }).notNull(),
    mode: text('mode', { enum: NOTICE_MODES }).notNull(),
    /** The holder: a lending line (financed_assets.product) and its financing. */
    product: text('product').notNull(),
    financingId: integer('financing_id').notNull(),
    financingNo: text('financing_no').notNull(),
    supplierEnterpriseId: integer('supplier_enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    debtorEnterpriseId: integer('debtor_enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    receivables: jsonb('receivables').$type<NoticeReceivable[]>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    collectionAccount: jsonb('collection_account').$type<CollectionAccount>().notNull(),
    /** Where a mail goes when the debtor has no user on the portal (the platform's notice address). */
    mailTo: text('mail_to'),
    /** The signed notice (contracts.id) of an assignment notice. */
    contractId: integer('contract_id'),
    /** A release notice: the assignment notice it releases. */
    releaseOf: integer('release_of'),
    status: text('status', { enum: statesOf(NOTICE_STATUSES) }).notNull(),
    /** A held notice: what sends it (the operator's choice). */
    sendOn: text('send_on', { enum: NOTICE_TRIGGERS }),
    /** Why it was sent, in words (明保理会签即送达, 融资逾期, 债务人提出异议, 运营人员手动发送, 融资结清). */
    sentReason: text('sent_reason'),
    /** The delivery's receipt: the adapter, its channel, to whom, its reference. */
    deliveredBy: text('delivered_by'),
    channel: text('channel'),
    deliveredTo: text('delivered_to'),
    deliveryRef: text('delivery_ref'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id),
    acknowledgedByName: text('acknowledged_by_name'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    note: text('note'),
    createdAt: timestampNow('created_at'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('assignment_notices_no').on(t.noticeNo),
    // One live notice of assignment per financing.
    uniqueIndex('assignment_notices_one_live')
      .on(t.product, t.financingId)
      .where(sql`${t.kind} = 'ASSIGNMENT' and ${t.status} <> 'VOID'`),
    index('assignment_notices_financing').on(t.product, t.financingId),
    index('assignment_notices_debtor').on(t.debtorEnterpriseId, t.id),
    index('assignment_notices_status').on(t.status, t.id),
    check('assignment_notices_amount', sql`${t.amount} > 0`),
    check(
      'assignment_notices_sent',
      sql`${t.status} not in ('SENT', 'ACKNOWLEDGED') or (${t.sentAt} is not null and ${t.channel} is not null and ${t.deliveryRef} is not null)`,
    ),
  ],
);
