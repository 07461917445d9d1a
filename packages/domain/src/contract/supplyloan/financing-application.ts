// Applying for a financing: the live trial, then an invoice financing or an order loan (one set of
// rules for the amount, the term and the invoices).
import { z } from 'zod';
import { centsSchema, idempotencyKeyField, idSchema, intSchema, isoDateSchema, optionalTextSchema, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { cents, day, interestMode, nullable, ppm, rowId, tag } from './shared.ts';

const financingAmount = centsSchema('融资金额');
const financingTerm = intSchema('融资期限', 1, 3650);
/** Verified invoices to finance: a JSON array or comma-separated ids (a form field). */
const invoiceIds = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(idSchema('发票'), { error: '请至少选择一张已核验的发票' }).min(1, '请至少选择一张已核验的发票').max(50, '一次最多选择50张发票'),
);

export const trialBody = z.object({
  creditLineId: idSchema('授信'),
  amount: financingAmount,
  termDays: financingTerm,
  invoiceIds: invoiceIds.optional(),
  orderAmount: centsSchema('订单金额').optional(),
});
export type TrialInput = z.output<typeof trialBody>;

/** The live trial: charges, net amount, due date, and the most that may be applied for. */
export const trialResultSchema = z.object({
  principal: cents,
  termDays: z.number().int(),
  annualRatePpm: ppm,
  serviceFeeRatePpm: ppm,
  interestMode,
  interestModeLabel: z.string(),
  startDate: day,
  dueDate: day,
  interest: cents,
  serviceFee: cents,
  /** What reaches the borrower at disbursement. */
  netDisbursed: cents,
  /** What the borrower owes on the due date. */
  dueAtMaturity: cents,
  available: cents,
  /** The chosen receivables (invoices or order amount), when given. */
  receivables: nullable(cents),
  maxAmount: cents,
  maxTermDays: z.number().int(),
});

export const invoiceFinancingBody = z.object({
  creditLineId: idSchema('授信'),
  invoiceIds,
  amount: financingAmount,
  termDays: financingTerm,
  purpose: optionalTextSchema(200, '融资用途'),
  ...idempotencyKeyField,
});
export type InvoiceFinancingInput = z.output<typeof invoiceFinancingBody>;

export const orderLoanBody = z.object({
  creditLineId: idSchema('授信'),
  orderNo: textSchema(40, '订单编号'),
  orderAmount: centsSchema('订单金额'),
  deliveryDate: isoDateSchema('交货日期'),
  attachmentUploadId: idSchema('订单附件').optional(),
  amount: financingAmount,
  termDays: financingTerm,
  purpose: optionalTextSchema(200, '融资用途'),
  ...idempotencyKeyField,
});
export type OrderLoanInput = z.output<typeof orderLoanBody>;

/** A submitted application: its number, the contract to sign, and the priced charges. */
export const appliedFinancingSchema = z.object({
  id: rowId,
  financingNo: z.string(),
  contractId: rowId,
  status: z.literal('SUBMITTED'),
  interest: cents,
  serviceFee: cents,
  netAmount: cents,
  dueDate: day,
});

export default {
  trial: endpoint({
    method: 'POST',
    path: '/api/supplyloan/trial',
    tag,
    access: 'merchant',
    summary: '融资试算（利息、服务费、实际放款、到期日）',
    body: trialBody,
    answer: trialResultSchema,
  }),
  applyInvoiceFinancing: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings',
    tag,
    access: 'merchant',
    summary: '申请发票融资（幂等键）',
    body: invoiceFinancingBody,
    answer: appliedFinancingSchema,
  }),
  applyOrderLoan: endpoint({
    method: 'POST',
    path: '/api/supplyloan/orderLoans',
    tag,
    access: 'merchant',
    summary: '申请订单融资（幂等键）',
    body: orderLoanBody,
    answer: appliedFinancingSchema,
  }),
};
