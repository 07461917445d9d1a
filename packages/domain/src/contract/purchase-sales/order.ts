// One order: its lines, events, payments and attachments.
import { z } from 'zod';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { centsOut, orderRowSchema, tag } from './shared.ts';

export const orderLineSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  goodsId: z.number().int().nullable(),
  goodsName: z.string(),
  spec: z.string().nullable(),
  unit: z.string(),
  quantity: z.string(),
  fulfilled: z.string(),
  unitPrice: centsOut,
  taxRatePpm: z.number().int(),
  amount: centsOut,
  tax: centsOut,
  total: centsOut,
});

export const orderEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  note: z.string().nullable(),
  actorName: z.string(),
  enterpriseName: z.string().nullable(),
  createdAt: z.string(),
});

export const orderPaymentSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['PAYMENT', 'COLLECTION']),
  method: z.enum(['TARGETED', 'OFFLINE', 'FACTOR_COLLECTION']),
  amount: centsOut,
  fromControlled: centsOut,
  fromFree: centsOut,
  fee: centsOut,
  loanRepaid: centsOut,
  payeeName: z.string().nullable(),
  payeeAccountNo: z.string().nullable(),
  refNos: z.array(z.string()),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderAttachmentSchema = z.object({
  id: z.number().int(),
  uploadId: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});

export const orderDetailSchema = orderRowSchema.extend({
  counterpartyBankName: z.string().nullable(),
  counterpartyAccountNo: z.string().nullable(),
  remark: z.string().nullable(),
  lines: z.array(orderLineSchema),
  events: z.array(orderEventSchema),
  payments: z.array(orderPaymentSchema),
  attachments: z.array(orderAttachmentSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export default {
  order: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/orders/:id',
    tag,
    access: 'merchant',
    summary: '订单详情',
    params: idParams,
    answer: orderDetailSchema,
  }),
};
