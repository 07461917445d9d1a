// Goods-pledge financing (issue 14, PRODUCT §8): requests and answers of /api/pledge/* and the
// operators' /api/bpm/pledge/*. Money is integer cents, rates ppm, quantities exact decimal text.
import { z } from 'zod';
import { PLEDGE_STATUSES, type PledgeStatus } from '../lifecycle.ts';
import {
  centsSchema,
  idempotencyKeyField,
  idParams,
  idSchema,
  intSchema,
  isoDateSchema,
  moneyConfirmationFields,
  optionalTextSchema,
  pageOf,
  pageQuerySchema,
  quantitySchema,
  textSchema,
} from './common.ts';
import { endpoint } from './endpoint.ts';

const cents = z.number().int();
const ppm = z.number().int();

/** One pledged line: a quantity of an own stock position, or a whole own live receipt. */
export const pledgeLineInput = z.union([
  z.object({ positionId: idSchema('库存'), quantity: quantitySchema('质押数量') }),
  z.object({ receiptId: idSchema('仓单') }),
]);
export type PledgeLineInput = z.output<typeof pledgeLineInput>;

export const pledgeApplyBody = z.object({
  creditLineId: idSchema('授信'),
  lines: z.array(pledgeLineInput, { error: '请选择质押货物' }).min(1, '请选择质押货物').max(50, '一次最多质押 50 笔库存'),
  amount: centsSchema('融资金额'),
  termDays: intSchema('融资期限', 1, 3650),
  pickupPerson: optionalTextSchema(60, '提货人'),
  ...idempotencyKeyField,
});
export type PledgeApplyInput = z.output<typeof pledgeApplyBody>;

/** The live trial: the same lines, amount optional (0 = only the value and the limits). */
export const pledgeTrialBody = z.object({
  creditLineId: idSchema('授信'),
  lines: z.array(pledgeLineInput).min(1, '请选择质押货物').max(50, '一次最多质押 50 笔库存'),
  amount: centsSchema('融资金额', { allowZero: true }),
  termDays: intSchema('融资期限', 1, 3650),
});
export type PledgeTrialInput = z.output<typeof pledgeTrialBody>;

export const pledgeTrialSchema = z.object({
  goodsId: z.number().int(),
  goodsName: z.string(),
  unit: z.string(),
  quantity: z.string(),
  unitPrice: cents,
  value: cents,
  pledgeRatePpm: ppm,
  maxByValue: cents,
  available: cents,
  maxAmount: cents,
  maxTermDays: z.number().int(),
  margin: cents,
  interest: cents,
  serviceFee: cents,
  netAmount: cents,
  annualRatePpm: ppm,
  interestMode: z.enum(['UPFRONT', 'ARREARS']),
  dueDate: z.string(),
});

export const pledgeAppliedSchema = z.object({
  id: z.number().int(),
  financingNo: z.string(),
  status: z.string(),
  margin: cents,
  netAmount: cents,
});

export const pledgeTermsSchema = z.object({
  goodsId: z.number().int(),
  goodsName: z.string(),
  unit: z.string(),
  scale: z.number().int(),
  pledgeRatePpm: ppm,
  warningLinePpm: ppm,
  liquidationLinePpm: ppm,
  marginRatePpm: ppm,
  unitPrice: cents.nullable(),
  priceDate: z.string().nullable(),
});

export const pledgePlatformSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  annualRatePpm: ppm,
  maxTermDays: z.number().int(),
  interestMode: z.enum(['UPFRONT', 'ARREARS']),
  penaltyMultiplierPpm: ppm,
  description: z.string(),
  creditLine: z
    .object({
      id: z.number().int(),
      limit: cents,
      used: cents,
      reserved: cents,
      available: cents,
      startDate: z.string(),
      expiryDate: z.string(),
      status: z.string(),
    })
    .nullable(),
  terms: z.array(pledgeTermsSchema),
});

export const pledgeStockQuery = z.object({ warehouseId: idSchema('仓库').optional() });
export const pledgeStockSchema = z.object({
  positionId: z.number().int(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  /** The warehouse location: two positions of one batch differ by it (issue 37). */
  locationCode: z.string(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  unit: z.string(),
  scale: z.number().int(),
  batchNo: z.string(),
  available: z.string(),
  pledged: z.string(),
  receipts: z.array(z.object({ id: z.number().int(), receiptNo: z.string(), quantity: z.string() })),
});

export const pledgeItemSchema = z.object({
  id: z.number().int(),
  positionId: z.number().int(),
  receiptId: z.number().int().nullable(),
  batchNo: z.string(),
  quantity: z.string(),
  releasedQuantity: z.string(),
  remaining: z.string(),
});

export const marginCallSchema = z.object({
  id: z.number().int(),
  amount: cents,
  ltvPpm: ppm,
  unitPrice: cents,
  deadline: z.string(),
  status: z.string(),
  paidAmount: cents,
});

export const pledgeFinancingSchema = z.object({
  id: z.number().int(),
  financingNo: z.string(),
  platformName: z.string(),
  warehouseName: z.string(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  unit: z.string(),
  scale: z.number().int(),
  status: z.string(),
  amount: cents,
  termDays: z.number().int(),
  interest: cents,
  serviceFee: cents,
  netAmount: cents,
  interestMode: z.enum(['UPFRONT', 'ARREARS']),
  margin: cents,
  marginPaid: cents,
  topUpMargin: cents,
  outstanding: cents,
  interestOwed: cents,
  penaltyOwed: cents,
  /** Prepaid interest of the days not used that repaying the whole principal today gives back (issue 37 item 10). */
  interestRefund: cents,
  pledgedQuantity: z.string(),
  unitPrice: cents,
  value: cents,
  ltvPpm: ppm,
  risk: z.enum(['NORMAL', 'WARNING', 'LIQUIDATION']),
  pledgeRatePpm: ppm,
  warningLinePpm: ppm,
  liquidationLinePpm: ppm,
  applyDate: z.string(),
  dueDate: z.string(),
  overdue: z.boolean(),
  defaulted: z.boolean(),
  openMarginCall: marginCallSchema.nullable(),
});
export const pledgeFinancingListQuery = pageQuerySchema.extend({
  status: z.enum(PLEDGE_STATUSES as unknown as [PledgeStatus, ...PledgeStatus[]], { error: '状态不正确' }).optional(),
});
export const pledgeFinancingPageSchema = pageOf(pledgeFinancingSchema);

/** The receiver of a release order, as named when it was made (status/pledge-delivery.ts `ReleaseOrderReceiver`). */
export const releaseOrderReceiverSchema = z.object({
  kind: z.enum(['SIGNER', 'CUSTOMER']),
  partyId: z.number().int(),
  name: z.string(),
  certificate: z.string().nullable(),
  contact: z.string().nullable(),
  address: z.string().nullable(),
});

/** The operators' view of every pledge release order (放货单) and how far the warehouse has executed it. */
export const RELEASE_ORDER_STATUSES = ['OPEN', 'CONSUMED', 'CANCELLED'] as const;
export const pledgeReleaseOrderDeskQuery = pageQuerySchema.extend({
  status: z.enum(RELEASE_ORDER_STATUSES, { error: '状态不正确' }).optional(),
});
export const pledgeReleaseOrderDeskSchema = pageOf(
  z.object({
    id: z.number().int(),
    orderNo: z.string(),
    financingId: z.number().int(),
    financingNo: z.string(),
    enterpriseName: z.string(),
    warehouseName: z.string(),
    goodsName: z.string(),
    unit: z.string(),
    batchNo: z.string(),
    quantity: z.string(),
    consumed: z.string(),
    status: z.enum(RELEASE_ORDER_STATUSES),
    receiver: releaseOrderReceiverSchema.nullable(),
    createdAt: z.string(),
  }),
);
export type PledgeReleaseOrderDeskQuery = z.output<typeof pledgeReleaseOrderDeskQuery>;

/** What a redemption may take now and why (issue 22): the lesser of the two limits. */
export const pledgeReleasableSchema = z.object({
  quantity: z.string(),
  inProportion: z.string(),
  byValue: z.string(),
  limitedBy: z.enum(['PROPORTION', 'VALUE']),
  reason: z.string(),
});

export const pledgeFinancingDetailSchema = pledgeFinancingSchema.extend({
  /** Null unless the financing is live (disbursed or repaying). */
  releasable: pledgeReleasableSchema.nullable(),
  items: z.array(pledgeItemSchema),
  marginCalls: z.array(marginCallSchema),
  prices: z.array(z.object({ priceDate: z.string(), unitPrice: cents })),
  events: z.array(z.object({ action: z.string(), note: z.string().nullable(), actorName: z.string(), at: z.string() })),
  releaseOrders: z.array(
    z.object({
      id: z.number().int(),
      orderNo: z.string(),
      quantity: z.string(),
      consumed: z.string(),
      status: z.string(),
      receiver: releaseOrderReceiverSchema.nullable().optional(),
    }),
  ),
});

export const pledgeConfirmBody = z.object({ ...moneyConfirmationFields });
export const pledgeRepayBody = z.object({
  amount: centsSchema('还款金额'),
  /** Free funds, or the controlled funds this financing disbursed (issue 24). */
  source: z.enum(['AVAILABLE', 'CONTROLLED'], { error: '请选择还款资金来源' }).default('AVAILABLE'),
  ...moneyConfirmationFields,
});
export const pledgeRedeemBody = z.object({
  items: z
    .array(z.object({ itemId: idSchema('质押货物'), quantity: quantitySchema('赎货数量') }))
    .min(1, '请选择赎回的货物')
    .max(50),
  /**
   * Who takes delivery — required: one of the enterprise's own active designated signers or
   * downstream customers (/pledge/signPersonGuide, /pledge/supplyLoanKH). The warehouse releases
   * goods only to a named, identifiable party, never to a free-text pickup person.
   */
  receiver: z.object(
    { kind: z.enum(['SIGNER', 'CUSTOMER'], { error: '请选择收货方类型' }), id: idSchema('收货方') },
    { error: '请选择收货方：指定签收人或下游客户' },
  ),
  idempotencyKey: z.string().max(200).optional(),
});
export type PledgeRedeemInput = z.output<typeof pledgeRedeemBody>;

export const pledgeMoneyResultSchema = z.object({ id: z.number().int(), status: z.string(), amount: cents, refNo: z.string().nullable() });
export const pledgeRepayResultSchema = pledgeMoneyResultSchema.extend({
  principal: cents,
  interest: cents,
  penalty: cents,
  /** Prepaid interest of the days not used given back to the free funds (issue 37 item 10; 0 when none). */
  interestRefund: cents,
  outstanding: cents,
  releasable: z.string(),
  releaseReason: z.string().nullable(),
});
export const pledgeRedeemResultSchema = z.object({
  releaseOrders: z.array(z.object({ id: z.number().int(), orderNo: z.string(), quantity: z.string() })),
  releasableAfter: z.string(),
  releaseReason: z.string(),
});

// ------------------------------------------------------------------ operators
/**
 * An operator's price entry. It takes effect — price list row, every live pledge marked to market,
 * margin calls — only when a second operator approves its PLEDGE_PRICE task (four eyes, issue 21).
 */
export const goodsPriceBody = z.object({
  goodsId: idSchema('货物'),
  unitPrice: centsSchema('单价'),
  priceDate: isoDateSchema('价格日期'),
  source: textSchema(100, '价格来源', { required: true }),
  ...idempotencyKeyField,
});
export type GoodsPriceInput = z.output<typeof goodsPriceBody>;
/** The entry recorded: a PLEDGE_PRICE task (质押货物价格复核) awaiting another operator; nothing revalued yet. */
export const goodsPriceSubmittedSchema = z.object({
  status: z.literal('PENDING_REVIEW'),
  taskId: z.number().int(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  unit: z.string(),
  unitPriceBefore: cents.nullable(),
  unitPrice: cents,
  priceDate: z.string(),
});

/** What a new price would do, before it is saved and again in the approval drawer. */
export const goodsPricePreviewQuery = z.object({ goodsId: idSchema('货物'), unitPrice: centsSchema('单价') });
const marginCallMove = z.object({
  /** RAISE a new call, RESIZE the open one, WITHDRAW the open one (the rate holds again). */
  action: z.enum(['RAISE', 'RESIZE', 'WITHDRAW']),
  /** The call's amount after the move (for WITHDRAW: the amount of the call withdrawn). */
  amount: cents,
});
export const goodsPricePreviewSchema = z.object({
  goodsId: z.number().int(),
  goodsName: z.string(),
  unit: z.string(),
  unitPriceBefore: cents.nullable(),
  unitPrice: cents,
  priceFalling: z.boolean(),
  /** Live financings of the goods: every one is marked to market at the new price. */
  revalued: z.number().int(),
  /** Those the new price leaves past the warning or liquidation line, or whose margin call it moves. */
  affected: z.array(
    z.object({
      financingId: z.number().int(),
      financingNo: z.string(),
      enterpriseName: z.string(),
      ltvBeforePpm: ppm,
      ltvAfterPpm: ppm,
      warningLinePpm: ppm,
      liquidationLinePpm: ppm,
      riskBefore: z.enum(['NORMAL', 'WARNING', 'LIQUIDATION']),
      riskAfter: z.enum(['NORMAL', 'WARNING', 'LIQUIDATION']),
      riskAfterLabel: z.string(),
      valueAfter: cents,
      marginCall: marginCallMove.nullable(),
    }),
  ),
});
export const goodsPriceListSchema = z.array(
  z.object({
    goodsId: z.number().int(),
    goodsName: z.string(),
    unit: z.string(),
    unitPrice: cents.nullable(),
    priceDate: z.string().nullable(),
    history: z.array(
      z.object({
        id: z.number().int(),
        priceDate: z.string(),
        unitPrice: cents,
        source: z.string(),
        recordedByName: z.string(),
        at: z.string(),
      }),
    ),
  }),
);

// ---------------------------------------------------------------------------------------------
// The operations (issue 23): defined once, served by modules/pledge/routes.ts, called by
// features/pledge/api.ts. The delivery and risk operations are `pledgeDeliveryApi`
// (pledge-delivery.ts), the contracts and vouchers `pledgePaymentApi` (pledge-payment.ts).
// ---------------------------------------------------------------------------------------------
const tag = 'pledge';

export const pledgeApi = {
  platforms: endpoint({
    method: 'GET',
    path: '/api/pledge/platforms',
    tag,
    access: 'merchant',
    summary: '质押融资平台（本企业授信、接受的货物、质押率与当前价格）',
    answer: z.array(pledgePlatformSchema),
  }),
  stock: endpoint({
    method: 'GET',
    path: '/api/pledge/stock',
    tag,
    access: 'merchant',
    summary: '本企业可质押的库存与仓单',
    query: pledgeStockQuery,
    answer: z.array(pledgeStockSchema),
  }),
  trial: endpoint({
    method: 'POST',
    path: '/api/pledge/trial',
    tag,
    access: 'merchant',
    summary: '融资试算（货值、最高可融资、保证金、利息、服务费）',
    body: pledgeTrialBody,
    answer: pledgeTrialSchema,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/api/pledge/financings',
    tag,
    access: 'merchant',
    summary: '申请质押融资（占用授信、质押货物；幂等键）',
    body: pledgeApplyBody,
    answer: pledgeAppliedSchema,
  }),
  financings: endpoint({
    method: 'GET',
    path: '/api/pledge/financings',
    tag,
    access: 'merchant',
    summary: '我的质押融资',
    query: pledgeFinancingListQuery,
    answer: pledgeFinancingPageSchema,
  }),
  financing: endpoint({
    method: 'GET',
    path: '/api/pledge/financings/:id',
    tag,
    access: 'merchant',
    summary: '质押融资详情',
    params: idParams,
    answer: pledgeFinancingDetailSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/pledge/financings/:id/cancel',
    tag,
    access: 'merchant',
    summary: '取消申请（解除质押、退回授信与保证金）',
    params: idParams,
    answer: z.object({ id: z.number().int(), status: z.string() }),
  }),
  payMargin: endpoint({
    method: 'POST',
    path: '/api/pledge/financings/:id/margin',
    tag,
    access: 'merchant',
    summary: '账户缴纳保证金（登录密码确认，幂等键）',
    params: idParams,
    body: pledgeConfirmBody,
    answer: pledgeMoneyResultSchema,
  }),
  topUp: endpoint({
    method: 'POST',
    path: '/api/pledge/financings/:id/top-up',
    tag,
    access: 'merchant',
    summary: '补缴保证金（登录密码确认，幂等键）',
    params: idParams,
    body: pledgeConfirmBody,
    answer: pledgeMoneyResultSchema,
  }),
  repay: endpoint({
    method: 'POST',
    path: '/api/pledge/financings/:id/repay',
    tag,
    access: 'merchant',
    summary: '账户还款（登录密码确认，幂等键；还清即结清）',
    params: idParams,
    body: pledgeRepayBody,
    answer: pledgeRepayResultSchema,
  }),
  redeem: endpoint({
    method: 'POST',
    path: '/api/pledge/financings/:id/redeem',
    tag,
    access: 'merchant',
    summary: '赎货（生成放货单，幂等键）',
    params: idParams,
    body: pledgeRedeemBody,
    answer: pledgeRedeemResultSchema,
  }),

  // Operators ----------------------------------------------------------------------------------
  prices: endpoint({
    method: 'GET',
    path: '/api/bpm/pledge/prices',
    tag,
    access: 'operator',
    summary: '质押货物价格表与历史',
    answer: goodsPriceListSchema,
  }),
  releaseOrderDesk: endpoint({
    method: 'GET',
    path: '/api/bpm/pledge/release-orders',
    tag,
    access: 'operator',
    summary: '质押放货单（全部企业）及仓库执行情况',
    query: pledgeReleaseOrderDeskQuery,
    answer: pledgeReleaseOrderDeskSchema,
  }),
  pricePreview: endpoint({
    method: 'GET',
    path: '/api/bpm/pledge/prices/preview',
    tag,
    access: 'operator',
    summary: '价格预演：新单价将使哪些质押融资超过预警线 / 平仓线、发出或调整哪些补缴通知（不改变任何数据）',
    query: goodsPricePreviewQuery,
    answer: goodsPricePreviewSchema,
  }),
  recordPrice: endpoint({
    method: 'POST',
    path: '/api/bpm/pledge/prices',
    tag,
    access: 'operator',
    summary: '录入货物价格（生成价格复核任务：另一位操作员通过后才生效并盯市；幂等键）',
    body: goodsPriceBody,
    answer: goodsPriceSubmittedSchema,
  }),
};
