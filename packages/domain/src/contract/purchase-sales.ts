// API contract of purchase and sales management (issue 16): request and response schemas shared by
// the server routes and the web forms.
import { z } from 'zod';
import { ORDER_TAX_RATES_PPM, QUANTITY_SCALE } from '../orders.ts';
import { ORDER_STATUSES } from '../status/purchase-sales.ts';
import {
  centsSchema,
  idempotencyKeyField,
  idSchema,
  isoDateSchema,
  moneyConfirmationFields,
  optionalTextSchema,
  pageOf,
  pageQuerySchema,
  quantitySchema,
  textSchema,
} from './common.ts';

export const orderKindSchema = z.enum(['PURCHASE', 'SALES'], { error: '订单类型不正确' });
export const orderStatusSchema = z.enum(ORDER_STATUSES as unknown as ['DRAFT', ...string[]], { error: '订单状态不正确' });

const taxRateSchema = z.union([z.number(), z.string().trim()], { error: '请选择税率' }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!(ORDER_TAX_RATES_PPM as readonly number[]).includes(n)) {
    ctx.addIssue({ code: 'custom', message: '税率不正确' });
    return z.NEVER;
  }
  return n;
});

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

export const orderListQuerySchema = pageQuerySchema.extend({
  kind: orderKindSchema.optional(),
  status: orderStatusSchema.optional(),
  keyword: optionalTextSchema(60, '关键字'),
  dateFrom: isoDateSchema('开始日期').optional(),
  dateTo: isoDateSchema('结束日期').optional(),
  /** Only orders a targeted payment can be made on now. */
  payable: z.enum(['1', '0']).optional(),
});

export const fulfilInputSchema = z.object({
  lines: z
    .array(z.object({ lineId: idSchema('明细行'), quantity: quantitySchema('本次数量', QUANTITY_SCALE) }), { error: '请填写本次数量' })
    .min(1, '请至少填写一行本次数量')
    .max(50),
  note: optionalTextSchema(200, '说明', { multiline: true }),
  ...idempotencyKeyField,
});

export const reasonInputSchema = z.object({ reason: optionalTextSchema(200, '原因', { multiline: true }) });

export const orderPaymentInputSchema = z.object({
  payeeId: idSchema('收款方'),
  amount: centsSchema('支付金额'),
  ...moneyConfirmationFields,
});

export const collectionInputSchema = z.object({
  amount: centsSchema('回款金额'),
  note: optionalTextSchema(200, '说明', { multiline: true }),
  idempotencyKey: z.string().max(200).optional(),
});

export const operatorCollectionInputSchema = z.object({
  amount: centsSchema('回款金额'),
  payerName: optionalTextSchema(100, '付款人'),
  idempotencyKey: z.string().max(200).optional(),
});

export const catalogueInputSchema = z.object({
  name: textSchema(60, '商品名称'),
  spec: optionalTextSchema(60, '规格型号'),
  unit: textSchema(10, '单位'),
  taxRatePpm: taxRateSchema,
  unitPrice: centsSchema('参考单价').optional(),
});

export const featureSwitchInputSchema = z.object({
  enabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: '请选择开启或关闭' }),
  reason: textSchema(200, '原因', { multiline: true }),
});

export const featureUserQuerySchema = pageQuerySchema.extend({ keyword: optionalTextSchema(60, '关键字') });

// Responses ----------------------------------------------------------------------------------

const centsOut = z.number().int();

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

export const orderActionsSchema = z.object({
  edit: z.boolean(),
  confirm: z.boolean(),
  counterpartyConfirm: z.boolean(),
  fulfil: z.boolean(),
  cancel: z.boolean(),
  pay: z.boolean(),
  collect: z.boolean(),
  close: z.boolean(),
});

export const orderRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  /** As the viewer sees it. */
  kind: orderKindSchema,
  status: z.string(),
  statusLabel: z.string(),
  owner: z.boolean(),
  counterpartyName: z.string(),
  counterpartyEnterpriseId: z.number().int().nullable(),
  counterpartyOnPortal: z.boolean(),
  deliveryDate: z.string(),
  amount: centsOut,
  tax: centsOut,
  totalAmount: centsOut,
  paidAmount: centsOut,
  outstanding: centsOut,
  partlyFulfilled: z.boolean(),
  overdue: z.boolean(),
  financing: z.object({ id: z.number().int(), financingNo: z.string(), status: z.string() }).nullable(),
  actions: orderActionsSchema,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const orderPageSchema = pageOf(orderRowSchema);

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

export const overviewSchema = z.object({
  openPurchase: z.object({ count: z.number().int(), outstanding: centsOut }),
  openSales: z.object({ count: z.number().int(), outstanding: centsOut }),
  /** Due this month (delivery date in this China month, not yet paid). */
  dueOutThisMonth: centsOut,
  dueInThisMonth: centsOut,
  overdueOut: centsOut,
  overdueIn: centsOut,
  months: z.array(z.object({ month: z.string(), purchase: centsOut, sales: centsOut })),
  toConfirm: z.number().int(),
});
export type PurchaseSalesOverview = z.infer<typeof overviewSchema>;

export const paymentQuoteSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  counterpartyName: z.string(),
  totalAmount: centsOut,
  paidAmount: centsOut,
  outstanding: centsOut,
  controlled: centsOut,
  available: centsOut,
  fee: centsOut,
  payees: z.array(z.object({ id: z.number().int(), name: z.string(), bankName: z.string(), accountNo: z.string() })),
});
export type PaymentQuote = z.infer<typeof paymentQuoteSchema>;

export const paymentResultSchema = z.object({
  paymentId: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  amount: centsOut,
  fromControlled: centsOut,
  fromFree: centsOut,
  fee: centsOut,
  payeeName: z.string(),
  payeeAccountNo: z.string(),
  refNos: z.array(z.string()),
  outstanding: centsOut,
  status: z.string(),
  statusLabel: z.string(),
  createdAt: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/**
 * An operator's factor collection is not money yet: it waits in the inbox (PS_FACTOR_COLLECTION
 * 购销回款入账复核) until a second operator approves it, which credits the seller and repays its order
 * loan first (four eyes, issue 21).
 */
export const factorCollectionSubmittedSchema = z.object({
  kind: z.literal('FACTOR_COLLECTION'),
  status: z.literal('PENDING_REVIEW'),
  taskId: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  sellerName: z.string(),
  amount: centsOut,
  /** The order loan the collection repays first, if one is disbursed now (checked again on approval). */
  repaysFinancingNo: z.string().nullable(),
  submittedAt: z.string(),
});
export type FactorCollectionSubmitted = z.infer<typeof factorCollectionSubmittedSchema>;

export const catalogueItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  spec: z.string().nullable(),
  unit: z.string(),
  taxRatePpm: z.number().int(),
  unitPrice: centsOut.nullable(),
});
export const counterpartySchema = z.object({ id: z.number().int(), name: z.string() });
export const financeableOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  counterpartyName: z.string(),
  totalAmount: centsOut,
  deliveryDate: z.string(),
  status: z.string(),
  statusLabel: z.string(),
});
export type FinanceableOrder = z.infer<typeof financeableOrderSchema>;

export const featureUserSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  displayName: z.string(),
  enterpriseName: z.string().nullable(),
  enabled: z.boolean(),
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
});
export const featureLogSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  loginName: z.string(),
  enabled: z.boolean(),
  reason: z.string(),
  operatorName: z.string(),
  createdAt: z.string(),
});
