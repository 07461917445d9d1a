// API contract of purchase and sales management (issue 16): request and response schemas shared by
// the server routes and the web forms.
import { z } from 'zod';
import { ORDER_TAX_RATES_PPM, QUANTITY_SCALE } from '../orders.ts';
import { ORDER_STATUSES } from '../status/purchase-sales.ts';
import {
  centsSchema,
  doneSchema,
  idempotencyKeyField,
  idParams,
  idSchema,
  isoDateSchema,
  moneyConfirmationFields,
  optionalTextSchema,
  pageOf,
  pageQuerySchema,
  quantitySchema,
  textSchema,
} from './common.ts';
import { endpoint } from './endpoint.ts';

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

export const orderAttachmentsInputSchema = z.object({ uploadIds: z.array(idSchema('附件')).min(1, '请上传附件').max(10) });
export const counterpartyQuerySchema = z.object({ name: textSchema(60, '企业名称', { min: 2 }) });
export const financeableOrderQuerySchema = z.object({ creditLineId: idSchema('授信') });
export const featureLogQuerySchema = z.object({ userId: idSchema('用户').optional() });
export const operatorOrderQuerySchema = z.object({ orderNo: textSchema(40, '订单号') });

/** An order after a command: its new status. */
export const orderStatusAnswerSchema = z.object({ id: z.number().int(), status: z.string(), statusLabel: z.string() });
/** A draft created or saved. */
export const orderSavedSchema = z.object({ id: z.number().int(), orderNo: z.string() });
/** A delivery or receipt registered; `complete` when every line is fully delivered / received. */
export const orderFulfilledSchema = orderStatusAnswerSchema.extend({ complete: z.boolean() });
/** The seller's offline collection, its part that repaid the order loan first, and what is still open. */
export const orderCollectionSchema = z.object({
  paymentId: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  amount: centsOut,
  loanRepaid: centsOut,
  refNos: z.array(z.string()),
  outstanding: centsOut,
  status: z.string(),
  statusLabel: z.string(),
});
/** An order found by its number for an operator (to record a collection that reached the factor). */
export const operatorOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  sellerName: z.string(),
  buyerName: z.string(),
  totalAmount: centsOut,
  paidAmount: centsOut,
  outstanding: centsOut,
  financing: z.object({ id: z.number().int(), financingNo: z.string(), status: z.string() }).nullable(),
});
export const featureSwitchedSchema = z.object({ id: z.number().int(), loginName: z.string(), enabled: z.boolean(), changedAt: z.string() });

// ---------------------------------------------------------------------------------------------
// The operations (issue 23): defined once, served by modules/purchase-sales/routes.ts, called by
// features/purchase-sales/api.ts. Enterprise operations under `/api/purchase-sales/` also need the
// user's purchase-sales feature (SPEC §2, checked by the route plugin) — except seeing, confirming and
// sending back the orders another enterprise sent to the user's own (issue 24); operators' under `/api/bpm/`.
// ---------------------------------------------------------------------------------------------
const tag = 'purchase-sales';

export const purchaseSalesApi = {
  overview: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/overview',
    tag,
    access: 'merchant',
    summary: '购销概览',
    answer: overviewSchema,
  }),
  toConfirm: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/to-confirm',
    tag,
    access: 'merchant',
    summary: '待本企业确认的订单数（交易对手发来的订单，不论本用户是否开通购销管理；首页待办）',
    answer: z.object({ count: z.number().int() }),
  }),
  orders: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/orders',
    tag,
    access: 'merchant',
    summary: '订单列表（分页）',
    query: orderListQuerySchema,
    answer: orderPageSchema,
  }),
  exportOrders: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/orders/export',
    tag,
    access: 'merchant',
    summary: '导出订单（最多 5000 条，Excel 由浏览器生成）',
    query: orderListQuerySchema.omit({ page: true, size: true }),
    answer: z.array(orderRowSchema),
  }),
  order: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/orders/:id',
    tag,
    access: 'merchant',
    summary: '订单详情',
    params: idParams,
    answer: orderDetailSchema,
  }),
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
  confirm: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/confirm',
    tag,
    access: 'merchant',
    summary: '确认订单（平台内对手须再确认）',
    params: idParams,
    answer: orderStatusAnswerSchema,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/accept',
    tag,
    access: 'merchant',
    summary: '交易对手确认订单',
    params: idParams,
    answer: orderStatusAnswerSchema,
  }),
  return: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/return',
    tag,
    access: 'merchant',
    summary: '交易对手退回订单',
    params: idParams,
    body: reasonInputSchema,
    answer: orderStatusAnswerSchema,
  }),
  fulfil: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/fulfil',
    tag,
    access: 'merchant',
    summary: '登记发货（卖方）或收货（买方），可按行部分登记（幂等键）',
    params: idParams,
    body: fulfilInputSchema,
    answer: orderFulfilledSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/cancel',
    tag,
    access: 'merchant',
    summary: '取消订单（发货/收货和付款之前）',
    params: idParams,
    body: reasonInputSchema,
    answer: orderStatusAnswerSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/close',
    tag,
    access: 'merchant',
    summary: '关闭已付清的订单',
    params: idParams,
    answer: orderStatusAnswerSchema,
  }),
  attach: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/attachments',
    tag,
    access: 'merchant',
    summary: '添加订单附件',
    params: idParams,
    body: orderAttachmentsInputSchema,
    answer: doneSchema,
  }),
  paymentQuote: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/orders/:id/payment-quote',
    tag,
    access: 'merchant',
    summary: '定向支付：应付金额、资金来源、手续费、可用收款方',
    params: idParams,
    answer: paymentQuoteSchema,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/pay',
    tag,
    access: 'merchant',
    summary: '定向支付采购订单（先受控资金后可用资金，白名单收款方，需登录密码确认，幂等）',
    params: idParams,
    body: orderPaymentInputSchema,
    answer: paymentResultSchema,
  }),
  collect: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/collections',
    tag,
    access: 'merchant',
    summary: '登记线下回款（卖方，幂等）',
    params: idParams,
    body: collectionInputSchema,
    answer: orderCollectionSchema,
  }),
  catalogue: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/goods',
    tag,
    access: 'merchant',
    summary: '商品目录',
    answer: z.array(catalogueItemSchema),
  }),
  addGoods: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/goods',
    tag,
    access: 'merchant',
    summary: '添加商品到目录',
    body: catalogueInputSchema,
    answer: catalogueItemSchema,
  }),
  counterparties: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/counterparties',
    tag,
    access: 'merchant',
    summary: '按名称查找平台上的认证企业（交易对手）',
    query: counterpartyQuerySchema,
    answer: z.array(counterpartySchema),
  }),
  financeableOrders: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/financeable-orders',
    tag,
    access: 'merchant',
    summary: '可用于订单融资的销售订单（订单融资页选择）',
    query: financeableOrderQuerySchema,
    answer: z.array(financeableOrderSchema),
  }),

  // Operators
  featureUsers: endpoint({
    method: 'GET',
    path: '/api/bpm/purchase-sales/users',
    tag,
    access: 'operator',
    summary: '购销管理开通情况（运营）',
    query: featureUserQuerySchema,
    answer: pageOf(featureUserSchema),
  }),
  switchFeature: endpoint({
    method: 'POST',
    path: '/api/bpm/purchase-sales/users/:id/feature',
    tag,
    access: 'operator',
    summary: '开通或关闭用户的购销管理（运营，留痕）',
    params: idParams,
    body: featureSwitchInputSchema,
    answer: featureSwitchedSchema,
  }),
  featureLog: endpoint({
    method: 'GET',
    path: '/api/bpm/purchase-sales/feature-log',
    tag,
    access: 'operator',
    summary: '购销管理开关记录（运营）',
    query: featureLogQuerySchema,
    answer: z.array(featureLogSchema),
  }),
  operatorOrders: endpoint({
    method: 'GET',
    path: '/api/bpm/purchase-sales/orders',
    tag,
    access: 'operator',
    summary: '按订单号查找订单（运营登记回款）',
    query: operatorOrderQuerySchema,
    answer: z.array(operatorOrderSchema),
  }),
  factorCollection: endpoint({
    method: 'POST',
    path: '/api/bpm/purchase-sales/orders/:id/collection',
    tag,
    access: 'operator',
    summary: '登记订单回款：待另一位操作员复核（购销回款入账复核任务，通过后记入卖方虚拟账户，优先归还订单融资；运营，幂等）',
    params: idParams,
    body: operatorCollectionInputSchema,
    answer: factorCollectionSubmittedSchema,
  }),
};
