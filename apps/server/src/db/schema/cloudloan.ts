import { cloudLoanApplicationLifecycle, cloudLoanDrawdownLifecycle } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { loanColumns } from './loan.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

const METHODS = ['EQUAL_INSTALMENT', 'EQUAL_PRINCIPAL', 'INTEREST_FIRST', 'BULLET'] as const;

/**
 * An enterprise's application for a bank cloud loan (PRODUCT §7). The bank decides it through the
 * bank adapter: SUBMITTED → GRANTED (amount, rate, term, validity) or REJECTED (reason).
 * `drawnAmount` is the principal drawn against the grant so far; every drawdown locks the row.
 */
export const cloudLoanApplications = pgTable(
  'cloud_loan_applications',
  {
    id: serial('id').primaryKey(),
    applicationNo: text('application_no').notNull(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    termMonths: integer('term_months').notNull(),
    method: text('method', { enum: METHODS }).notNull(),
    purpose: text('purpose').notNull(),
    lastYearRevenue: bigint('last_year_revenue', { mode: 'number' }).notNull(),
    lastYearTax: bigint('last_year_tax', { mode: 'number' }).notNull(),
    creditEnquiryConsent: boolean('credit_enquiry_consent').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    remark: text('remark'),
    status: text('status', { enum: statesOf(cloudLoanApplicationLifecycle) })
      .notNull()
      .default('SUBMITTED'),
    /** The adapter that carries the application and the bank's own reference for it. */
    bankAdapter: text('bank_adapter').notNull(),
    bankName: text('bank_name').notNull(),
    bankRef: text('bank_ref'),
    grantedAmount: bigint('granted_amount', { mode: 'number' }),
    grantedRatePpm: integer('granted_rate_ppm'),
    grantedTermMonths: integer('granted_term_months'),
    grantedAt: date('granted_at', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    drawnAmount: bigint('drawn_amount', { mode: 'number' }).notNull().default(0),
    rejectReason: text('reject_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    contractId: integer('contract_id'),
    agreementSignedAt: timestamp('agreement_signed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [
    uniqueIndex('cloud_loan_applications_no').on(t.applicationNo),
    index('cloud_loan_applications_enterprise').on(t.enterpriseId, t.id),
    check(
      'cloud_loan_applications_amounts',
      sql`${t.amount} > 0 and ${t.drawnAmount} >= 0 and (${t.grantedAmount} is null or ${t.drawnAmount} <= ${t.grantedAmount})`,
    ),
    check('cloud_loan_applications_term', sql`${t.termMonths} between 3 and 36`),
  ],
);

/**
 * One drawdown against a grant: a loan of the one shape (issue 35, `loanColumns`: number, borrower, amount,
 * term in days, rates, the charges of the trial, apply and due dates, overdue, who created it) — the bank's
 * loan, so no platform or credit line of the factor, no fee (`serviceFee` 0, `netAmount` the amount) and
 * `interest` the booked plan's. Its plan is in the lending core's loan_instalments (line CLOUD). Its own:
 * the grant, months and method of the plan, the principal still owed, the bank and its reference, whether
 * the money went to controlled funds, the disbursement's ledger entry.
 */
export const cloudLoanDrawdowns = pgTable(
  'cloud_loan_drawdowns',
  {
    ...loanColumns(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => cloudLoanApplications.id),
    outstandingPrincipal: bigint('outstanding_principal', { mode: 'number' }).notNull(),
    termMonths: integer('term_months').notNull(),
    method: text('method', { enum: METHODS }).notNull(),
    status: text('status', { enum: statesOf(cloudLoanDrawdownLifecycle) })
      .notNull()
      .default('DRAWN'),
    controlled: boolean('controlled').notNull().default(false),
    bankAdapter: text('bank_adapter').notNull(),
    bankRef: text('bank_ref'),
    entryId: integer('entry_id').notNull(),
    refNo: text('ref_no').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cloud_loan_drawdowns_no').on(t.financingNo),
    index('cloud_loan_drawdowns_enterprise').on(t.enterpriseId, t.id),
    index('cloud_loan_drawdowns_application').on(t.applicationId),
    check(
      'cloud_loan_drawdowns_amounts',
      sql`${t.amount} > 0 and ${t.outstandingPrincipal} >= 0 and ${t.outstandingPrincipal} <= ${t.amount}`,
    ),
  ],
);

/** Every repayment of a drawdown, with its ledger entry. */
export const cloudLoanRepayments = pgTable(
  'cloud_loan_repayments',
  {
    id: serial('id').primaryKey(),
    drawdownId: integer('drawdown_id')
      .notNull()
      .references(() => cloudLoanDrawdowns.id),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    kind: text('kind', { enum: ['AUTO_DEBIT', 'EARLY_INSTALMENT', 'PAYOFF'] }).notNull(),
    period: integer('period'),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    interest: bigint('interest', { mode: 'number' }).notNull(),
    penalty: bigint('penalty', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    entryId: integer('entry_id').notNull(),
    refNo: text('ref_no').notNull(),
    bankRef: text('bank_ref'),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    index('cloud_loan_repayments_drawdown').on(t.drawdownId, t.id),
    check('cloud_loan_repayments_total', sql`${t.total} = ${t.principal} + ${t.interest} + ${t.penalty} and ${t.total} > 0`),
  ],
);
