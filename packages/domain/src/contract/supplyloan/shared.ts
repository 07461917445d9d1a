// What several operations of the supply loan use: the building blocks of the answers (amounts, rates, ids,
// dates, statuses; used inside the area, not names of the contract), the summary fields of a financing, and
// the schemas more than one operation answers with (index.ts re-exports those by name).
import { z } from 'zod';
import { CONTRACT_STATUSES } from '../../status/contract.ts';
import { CREDIT_LINE_STATUSES } from '../../status/credit.ts';
import {
  FINANCING_KINDS,
  FINANCING_STATUSES,
  INVOICE_STATUSES,
  REPAYMENT_STATUSES,
  REVIEW_STATUSES,
  TRANCHE_STATUSES,
} from '../../status/supplyloan.ts';
import { centsSchema } from '../common.ts';
import { timestampSchema } from '../time.ts';

export const tag = 'supplyloan';

// ---------------------------------------------------------------------------------------------
// Building blocks of the answers
// ---------------------------------------------------------------------------------------------

/** An amount in an answer: integer cents. */
export const cents = z.number().int().meta({ description: '金额，单位：分（整数）' });
/** A rate in an answer: parts per million (7.2 % = 72000). */
export const ppm = z.number().int().meta({ description: '费率，百万分比（7.2% = 72000）' });
export const rowId = z.number().int();
/** A calendar date `YYYY-MM-DD` (China business day). */
export const day = z.string().meta({ description: '日期 YYYY-MM-DD' });
export const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

export const interestMode = z.enum(['UPFRONT', 'ARREARS']);
export const financingStatus = z.enum(FINANCING_STATUSES);
export const trancheStatus = z.enum(TRANCHE_STATUSES);
export const invoiceStatus = z.enum(INVOICE_STATUSES);
export const reviewStatus = z.enum(REVIEW_STATUSES);
export const repaymentStatus = z.enum(REPAYMENT_STATUSES);
export const creditLineStatus = z.enum(CREDIT_LINE_STATUSES);
export const financingKind = z.enum(FINANCING_KINDS);
export const contractStatus = z.enum(CONTRACT_STATUSES);

/** A bank account money is paid to (the factor's receiving account of a platform). */
export const receivingAccountSchema = z.object({ accountName: z.string(), bankBranchName: z.string(), accountNo: z.string() });

// ---------------------------------------------------------------------------------------------
// A financing as the list and the detail show it, what is owed on it, its extensions
// ---------------------------------------------------------------------------------------------

/** Which actions the user may take on a financing in its state (the buttons of myfinancing). */
export const financingActionsSchema = z.object({
  cancel: z.boolean(),
  signContract: z.boolean(),
  repay: z.boolean(),
  extend: z.boolean(),
  drawdown: z.boolean(),
});

export const financingSummaryFields = {
  id: rowId,
  financingNo: z.string(),
  kind: financingKind,
  platformId: rowId,
  amount: cents,
  drawn: cents,
  termDays: z.number().int(),
  annualRatePpm: ppm,
  interestMode,
  interestModeLabel: z.string(),
  interest: cents,
  serviceFee: cents,
  netAmount: cents,
  applyDate: day,
  dueDate: day,
  status: financingStatus,
  statusLabel: z.string(),
  overdue: z.boolean(),
  extended: z.boolean(),
  contractId: nullable(rowId),
  contractSigned: z.boolean(),
  actions: financingActionsSchema,
  createdAt: timestampSchema,
  settledAt: nullable(timestampSchema),
};

/** What is owed on one tranche as of a day. */
const owedFields = { principal: cents, interest: cents, penalty: cents, total: cents, overdueDays: z.number().int() };

/**
 * Upfront interest of the days not used that paying the whole principal today gives back to the free
 * funds (issue 37 item 10); the payment itself is still `total`.
 */
const refundField = { interestRefund: cents };

/** What is owed today over the open tranches (the early pay-off quote). */
export const repaymentQuoteSchema = z.object({
  asOf: day,
  ...owedFields,
  ...refundField,
  tranches: z.array(
    z.object({
      trancheId: rowId,
      seq: z.number().int(),
      dueDate: day,
      startDate: nullable(day),
      overdue: z.boolean(),
      ...owedFields,
      ...refundField,
    }),
  ),
});

export const extensionSchema = z.object({
  id: rowId,
  financingId: rowId,
  financingNo: z.string(),
  trancheId: rowId,
  enterpriseId: rowId,
  oldDueDate: day,
  newDueDate: day,
  extraInterest: cents,
  reason: z.string(),
  status: reviewStatus,
  reviewNote: nullable(z.string()),
  createdBy: nullable(rowId),
  decidedBy: nullable(rowId),
  createdAt: timestampSchema,
  decidedAt: nullable(timestampSchema),
});

export const repaymentAmount = centsSchema('还款金额');
