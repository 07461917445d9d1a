// The caller's invoices (receivables): the list, with what the tax bureau said and why one cannot be financed now.
import { z } from 'zod';
import { RECEIVABLE_TYPES, type ReceivableType } from '../../receivables.ts';
import { idSchema, optionalTextSchema, pageOf, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { verificationSummarySchema } from '../receivables.ts';
import { timestampSchema } from '../time.ts';
import { cents, day, invoiceStatus, nullable, rowId, tag } from './shared.ts';

export const invoiceListQuery = pageQuerySchema.extend({
  status: invoiceStatus.optional(),
  buyerEnterpriseId: idSchema('购买方').optional(),
  keyword: optionalTextSchema(30, '关键字'),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

export const invoiceListItemSchema = z.object({
  id: rowId,
  invoiceCode: z.string(),
  invoiceNumber: z.string(),
  issueDate: day,
  amount: cents,
  taxAmount: cents,
  buyerEnterpriseId: rowId,
  buyerName: z.string(),
  imageUploadId: nullable(rowId),
  status: invoiceStatus,
  statusLabel: z.string(),
  reviewNote: nullable(z.string()),
  financingId: nullable(rowId),
  financingNo: nullable(z.string()),
  createdAt: timestampSchema,
  receivableType: z.enum(RECEIVABLE_TYPES as [ReceivableType, ...ReceivableType[]]),
  receivableTypeLabel: z.string(),
  dueDate: nullable(day),
  orderNo: nullable(z.string()),
  /** The tax bureau's latest answer about it (issue 36). */
  verification: verificationSummarySchema.nullable(),
  /** Why it cannot be financed now (an intake rule, the bureau, or a financing holding it or its order), else null. */
  financeBlock: nullable(z.string()),
});
export const invoicePageSchema = pageOf(invoiceListItemSchema);

export default {
  invoices: endpoint({
    method: 'GET',
    path: '/api/supplyloan/invoices',
    tag,
    access: 'merchant',
    summary: '发票（应收账款）列表',
    query: invoiceListQuery,
    answer: invoicePageSchema,
  }),
};
