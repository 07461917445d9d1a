// One financing in the detail drawer: its backing, schedule, repayments, extensions, contracts and history.
import { z } from 'zod';
import { ORDER_RECEIVABLE_STATUSES, REPAYMENT_CHANNELS } from '../../status/supplyloan.ts';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { loanHistoryEventSchema } from '../loan-history.ts';
import { timestampSchema } from '../time.ts';
import {
  cents,
  contractStatus,
  day,
  extensionSchema,
  financingSummaryFields,
  invoiceStatus,
  nullable,
  ppm,
  repaymentQuoteSchema,
  repaymentStatus,
  rowId,
  tag,
  trancheStatus,
} from './shared.ts';

export const repaymentSchema = z.object({
  id: rowId,
  financingId: rowId,
  enterpriseId: rowId,
  method: z.enum(REPAYMENT_CHANNELS),
  amount: cents,
  principal: cents,
  interest: cents,
  penalty: cents,
  allocations: z.array(z.object({ trancheId: rowId, principal: cents, interest: cents, penalty: cents, interestRefund: cents.optional() })),
  /** Upfront interest of the days not used given back to the free funds by this repayment (issue 37 item 10). */
  interestRefund: cents,
  status: repaymentStatus,
  voucherUploadId: nullable(rowId),
  payerAccountName: nullable(z.string()),
  payerAccountNo: nullable(z.string()),
  entryId: nullable(rowId),
  refNo: nullable(z.string()),
  reviewNote: nullable(z.string()),
  repayDate: day,
  createdBy: nullable(rowId),
  confirmedBy: nullable(rowId),
  createdAt: timestampSchema,
  confirmedAt: nullable(timestampSchema),
});

/** The detail drawer: the financing, its backing, schedule, repayments, extensions, contracts and history. */
export const financingDetailSchema = z.object({
  ...financingSummaryFields,
  enterpriseId: rowId,
  creditLineId: rowId,
  platformName: z.string(),
  reserved: cents,
  serviceFeeRatePpm: ppm,
  penaltyMultiplierPpm: ppm,
  purpose: nullable(z.string()),
  reviewNote: nullable(z.string()),
  createdBy: nullable(rowId),
  updatedAt: timestampSchema,
  invoices: z.array(
    z.object({ id: rowId, invoiceCode: z.string(), invoiceNumber: z.string(), issueDate: day, amount: cents, status: invoiceStatus }),
  ),
  order: nullable(
    z.object({
      id: rowId,
      enterpriseId: rowId,
      buyerEnterpriseId: rowId,
      orderNo: z.string(),
      amount: cents,
      deliveryDate: day,
      attachmentUploadId: nullable(rowId),
      status: z.enum(ORDER_RECEIVABLE_STATUSES),
      financingId: nullable(rowId),
      createdBy: nullable(rowId),
      createdAt: timestampSchema,
    }),
  ),
  /** Each tranche's dates and amounts, and for open ones what is owed today. */
  schedule: z.array(
    z.object({
      id: rowId,
      seq: z.number().int(),
      status: trancheStatus,
      amount: cents,
      termDays: z.number().int(),
      interest: cents,
      serviceFee: cents,
      netAmount: cents,
      startDate: nullable(day),
      dueDate: nullable(day),
      outstanding: cents,
      /** The tranche's annual rate: the financing's, or its own once an extension re-priced it. */
      annualRatePpm: ppm,
      /** Where interest in arrears on today's outstanding principal is counted from (null: upfront, or not disbursed). */
      interestFrom: nullable(day),
      principalPaid: cents,
      interestPaid: cents,
      penaltyPaid: cents,
      overdue: z.boolean(),
      extended: z.boolean(),
      owedToday: nullable(repaymentQuoteSchema.shape.tranches.element),
    }),
  ),
  quote: repaymentQuoteSchema,
  repayments: z.array(repaymentSchema),
  extensions: z.array(extensionSchema),
  contracts: z.array(
    z.object({
      id: rowId,
      contractNo: z.string(),
      title: z.string(),
      status: contractStatus,
      amount: cents,
      signedAt: nullable(timestampSchema),
      signedByName: nullable(z.string()),
      createdAt: timestampSchema,
    }),
  ),
  history: z.array(loanHistoryEventSchema),
});

export default {
  financing: endpoint({
    method: 'GET',
    path: '/api/supplyloan/financings/:id',
    tag,
    access: 'merchant',
    summary: '融资详情',
    params: idParams,
    answer: financingDetailSchema,
  }),
};
