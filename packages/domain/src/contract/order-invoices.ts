// A sales order's invoice (issue 36): the seller issues a 数电票 for a confirmed sales order through the tax
// bureau, which writes the order into the invoice's 备注 — so the invoice is tied to the order it bills.
import { z } from 'zod';
import { idempotencyKeyField, idParams } from './common.ts';
import { endpoint } from './endpoint.ts';

export const orderInvoiceSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  invoiceCode: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string().meta({ description: '开票日期 YYYY-MM-DD' }),
  amount: z.number().int().meta({ description: '价税合计，单位：分（整数）' }),
  taxAmount: z.number().int().meta({ description: '税额，单位：分（整数）' }),
  buyerEnterpriseId: z.number().int(),
});

export const orderInvoiceApi = {
  issue: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/invoice',
    tag: 'purchase-sales',
    access: 'merchant',
    summary: '销售订单开具数电票（经税务局，备注订单号；幂等键）',
    params: idParams,
    body: z.object({ ...idempotencyKeyField }),
    answer: orderInvoiceSchema,
  }),
};
