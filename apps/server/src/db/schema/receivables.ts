import {
  BUREAU_INVOICE_STATUSES,
  DILUTION_STATUSES,
  FINANCED_ASSET_STATUSES,
  INVOICE_CHECK_OUTCOMES,
  INVOICE_CHECK_TRIGGERS,
} from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

/**
 * Every receivable a financing holds (issue 36, PRODUCT §13 "financed once"), written by every product
 * that finances one inside the financing's own transaction: an invoice by its natural key (a 数电票 by
 * its number; otherwise the seller's credit code, the code and the number), an order by its buyer, seller
 * and number. An invoice that bills an order carries the order's key too (`orderKey`), so the order and
 * its invoices are never financed twice between them. Live rows (not RELEASED) are unique per key: a
 * second claim — another enterprise, platform or product, or a racing application — meets the unique
 * index (and the order's lock) and is refused. SETTLED rows stay: a settled receivable is never financed again.
 */
export const financedAssets = pgTable(
  'financed_assets',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['INVOICE', 'ORDER'] }).notNull(),
    assetKey: text('asset_key').notNull(),
    /** The order this receivable is, or the order an invoice bills (null: an invoice billing no known order). */
    orderKey: text('order_key'),
    /** How a person names it: 发票 3100231130-80000002, 订单 YHPO2025100318. */
    label: text('label').notNull(),
    sellerKey: text('seller_key').notNull(),
    buyerKey: text('buyer_key').notNull(),
    invoiceCode: text('invoice_code'),
    invoiceNumber: text('invoice_number'),
    issueDate: date('issue_date', { mode: 'string' }),
    /** The receivable's face amount, in cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /**
     * What the tax bureau's credit notes (红字发票, 部分红冲) took off the invoice, in cents, as last found
     * (issue 36): at the claim, what the latest check said; after it, raised by every check that finds more.
     * The receivable still standing is amount − credited.
     */
    credited: bigint('credited', { mode: 'number' }).notNull().default(0),
    /** The debtor (the invoice's buyer, the order's buyer): who confirms it and is notified (issue 36). Null only before 0035's backfill found it. */
    debtorEnterpriseId: integer('debtor_enterprise_id').references(() => enterprises.id),
    /** When the debtor must pay it (应收账款到期日), as registered. */
    dueDate: date('due_date', { mode: 'string' }),
    /** The enterprise whose financing holds it. */
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    /** The lending line (a `LoanPosition.product` code: INVOICE, ORDER, …) and its financing. */
    product: text('product').notNull(),
    financingId: integer('financing_id').notNull(),
    financingNo: text('financing_no').notNull(),
    status: text('status', { enum: statesOf(FINANCED_ASSET_STATUSES) })
      .notNull()
      .default('HELD'),
    /** The last due date of the money paid out against it: checked with the tax bureau weekly until then. */
    maturesOn: date('matures_on', { mode: 'string' }),
    heldAt: timestampNow('held_at'),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endNote: text('end_note'),
  },
  (t) => [
    uniqueIndex('financed_assets_live_key')
      .on(t.assetKey)
      .where(sql`${t.status} <> 'RELEASED'`),
    index('financed_assets_order_key')
      .on(t.orderKey)
      .where(sql`${t.status} <> 'RELEASED'`),
    index('financed_assets_financing').on(t.product, t.financingId),
    index('financed_assets_recheck').on(t.status, t.maturesOn),
    index('financed_assets_debtor').on(t.debtorEnterpriseId, t.id),
    check('financed_assets_amount', sql`${t.amount} > 0`),
    check('financed_assets_credited', sql`${t.credited} >= 0 and ${t.credited} <= ${t.amount}`),
  ],
);

/** What the tax bureau's check (or an operator's manual verification) found, one row per check: who, when, the answer. */
export type BureauFacts = {
  invoiceCode: string;
  invoiceNumber: string;
  issueDate: string;
  amount: number;
  taxAmount: number;
  sellerCreditCode: string;
  sellerName: string;
  buyerCreditCode: string;
  buyerName: string;
  status: string;
  statusDate: string | null;
  remark: string;
  /** What credit notes (红字发票) took off it, in cents, and what remains (absent in checks before issue 36's credit notes: none). */
  credited?: number;
  remaining?: number;
};

/**
 * Every check of an invoice with the tax bureau (issue 36): at registration, before each disbursement,
 * weekly until maturity, by an operator — and an operator's manual verification where the bureau could
 * not answer. Kept for good with the invoice's natural key (`invoiceKey`, as in `financed_assets`).
 */
export const invoiceChecks = pgTable(
  'invoice_checks',
  {
    id: serial('id').primaryKey(),
    invoiceKey: text('invoice_key').notNull(),
    invoiceCode: text('invoice_code').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    /** What was registered and asked about. */
    declared: jsonb('declared').$type<{ issueDate: string; amount: number; sellerKey: string; buyerKey: string }>().notNull(),
    trigger: text('trigger', { enum: statesOf(INVOICE_CHECK_TRIGGERS) }).notNull(),
    outcome: text('outcome', { enum: statesOf(INVOICE_CHECK_OUTCOMES) }).notNull(),
    /** The bureau's facts when it answered them. */
    bureau: jsonb('bureau').$type<BureauFacts | null>(),
    /** What differs between the bureau's facts and the registered ones (Chinese). */
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
    /** The answer in one Chinese sentence. */
    message: text('message').notNull(),
    /** Which verifier answered (the built-in simulated bureau, a real service's adapter). */
    verifier: text('verifier').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    checkedAt: timestampNow('checked_at'),
  },
  (t) => [index('invoice_checks_key').on(t.invoiceKey, t.id)],
);

/**
 * A dilution (issue 36): a financed invoice found void or reversed (红冲) after money went out against it,
 * or found credited in part (CREDITED: a credit note, 部分红冲, for `credited` cents). Open until an operator has dealt with it; the exposure it leaves is read from the loan book when shown.
 */
export const dilutions = pgTable(
  'dilutions',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => financedAssets.id),
    checkId: integer('check_id')
      .notNull()
      .references(() => invoiceChecks.id),
    outcome: text('outcome', { enum: ['VOID', 'REVERSED', 'CREDITED'] }).notNull(),
    /** A credit note's dilution: what the credit notes found since the last took off the financed invoice, in cents. */
    credited: bigint('credited', { mode: 'number' }),
    status: text('status', { enum: statesOf(DILUTION_STATUSES) })
      .notNull()
      .default('OPEN'),
    detectedOn: date('detected_on', { mode: 'string' }).notNull(),
    detectedAt: timestampNow('detected_at'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('dilutions_one_open')
      .on(t.assetId)
      .where(sql`${t.status} = 'OPEN'`),
    index('dilutions_status').on(t.status, t.id),
  ],
);

/**
 * The built-in simulated tax bureau's books (税务局查验 simulator, issue 36): the invoices it knows —
 * the demo world's and those issued from purchase/sales orders — with their status. Only the simulator
 * reads or writes them; a real tax service replaces it behind the `InvoiceVerifier` port.
 */
export const taxBureauInvoices = pgTable(
  'tax_bureau_invoices',
  {
    id: serial('id').primaryKey(),
    /** code-number, or the 数电票's number. */
    bureauKey: text('bureau_key').notNull(),
    invoiceCode: text('invoice_code').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    sellerCreditCode: text('seller_credit_code').notNull(),
    sellerName: text('seller_name').notNull(),
    buyerCreditCode: text('buyer_credit_code').notNull(),
    buyerName: text('buyer_name').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull(),
    /** 备注: an invoice issued from a purchase/sales order names the order here. */
    remark: text('remark').notNull().default(''),
    orderNo: text('order_no'),
    status: text('status', { enum: statesOf(BUREAU_INVOICE_STATUSES) })
      .notNull()
      .default('NORMAL'),
    statusDate: date('status_date', { mode: 'string' }),
    statusNote: text('status_note'),
    /** The sum of its credit notes (红字发票, `taxBureauCreditNotes`), in cents; what remains is amount − credited. */
    credited: bigint('credited', { mode: 'number' }).notNull().default(0),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('tax_bureau_invoices_key').on(t.bureauKey),
    check('tax_bureau_invoices_amounts', sql`${t.amount} > 0`),
    check('tax_bureau_invoices_credited', sql`${t.credited} >= 0 and ${t.credited} <= ${t.amount}`),
  ],
);

/**
 * The simulated bureau's credit notes (红字发票, issue 36): each takes part of an invoice's amount off — a
 * discount, a return — and the invoice's remaining amount is its amount less them; one for the whole
 * remainder reverses it (红冲).
 */
export const taxBureauCreditNotes = pgTable(
  'tax_bureau_credit_notes',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => taxBureauInvoices.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('tax_bureau_credit_notes_invoice').on(t.invoiceId, t.id), check('tax_bureau_credit_notes_amount', sql`${t.amount} > 0`)],
);

/** The simulated bureau's quota: checks of one invoice on one day (it answers at most `BUREAU_DAILY_QUOTA`). */
export const taxBureauQuota = pgTable(
  'tax_bureau_quota',
  {
    bureauKey: text('bureau_key').notNull(),
    checkDate: date('check_date', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bureauKey, t.checkDate] })],
);
