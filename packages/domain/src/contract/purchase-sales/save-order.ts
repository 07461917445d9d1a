// Creating an order as a draft, and saving a draft.
import { z } from 'zod';
import { QUANTITY_SCALE } from '../../orders.ts';
import {
  centsSchema,
  idempotencyKeyField,
  idParams,
  idSchema,
  isoDateSchema,
  optionalTextSchema,
  quantitySchema,
  textSchema,
} from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { orderKindSchema, tag, taxRateSchema } from './shared.ts';

/** One order line: goods from the catalogue (goodsId) or typed in, quantity as exact decimal text, unit price excluding tax in cents. */
export const orderLineInputSchema = z.object({
  goodsId: idSchema('商品').optional(),
  goodsName: textSchema(60, '商品名称'),
  spec: optionalTextSchema(60, '规格型号'),
  unit: textSchema(10, '单位'),
  quantity: quantitySchema('数量', QUANTITY_SCALE),
  unitPrice: centsSchema('单价'),
  taxRatePpm: taxRateSchema,
});
export type OrderLineInputBody = z.input<typeof orderLineInputSchema>;

const accountNoSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{8,32}$/, '对方银行账号应为 8–32 位数字'));

/**
 * Create or save a draft: the counterparty is an enterprise on the portal (counterpartyEnterpriseId)
 * or typed in with its bank account; `totalAmount` is the total the user saw, checked against the
 * server's own computation so a stale or tampered page cannot save different figures.
 */
export const orderInputSchema = z
  .object({
    kind: orderKindSchema,
    counterpartyEnterpriseId: idSchema('交易对手').optional(),
    counterpartyName: textSchema(100, '交易对手名称'),
    counterpartyBankName: optionalTextSchema(100, '对方开户银行'),
    counterpartyAccountNo: accountNoSchema.optional().or(z.literal('').transform(() => undefined)),
    deliveryDate: isoDateSchema('交货日期'),
    remark: optionalTextSchema(200, '备注', { multiline: true }),
    lines: z.array(orderLineInputSchema, { error: '请填写订单明细' }).min(1, '订单至少需要一行明细').max(50, '一张订单最多 50 行明细'),
    totalAmount: centsSchema('订单合计'),
    attachmentUploadIds: z.array(idSchema('附件')).max(10, '最多 10 个附件').default([]),
    ...idempotencyKeyField,
  })
  .superRefine((v, ctx) => {
    if (!v.counterpartyEnterpriseId && (!v.counterpartyBankName || !v.counterpartyAccountNo)) {
      ctx.addIssue({ code: 'custom', path: ['counterpartyAccountNo'], message: '平台外的交易对手须填写开户银行和银行账号' });
    }
  });
export type OrderInputBody = z.input<typeof orderInputSchema>;

/** A draft created or saved. */
export const orderSavedSchema = z.object({ id: z.number().int(), orderNo: z.string() });

export default {
  createOrder: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders',
    tag,
    access: 'merchant',
    summary: '新建订单草稿（幂等键）',
    body: orderInputSchema,
    answer: orderSavedSchema,
  }),
  saveOrder: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id',
    tag,
    access: 'merchant',
    summary: '保存订单草稿（幂等键）',
    params: idParams,
    body: orderInputSchema,
    answer: orderSavedSchema,
  }),
};
