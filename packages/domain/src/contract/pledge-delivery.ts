// Goods-pledge delivery and risk (issue 14, PRODUCT §8): the enterprise's designated signers
// (/pledge/signPersonGuide) and downstream customers (/pledge/supplyLoanKH) who may receive released
// goods, the receiver a release order names, the warehouse's view of open release orders, adding
// goods instead of a margin top-up, the LTV alerts of the dashboard and reminder, and the
// collateral value over time. Money in cents, rates in ppm, quantities decimal text.
import { z } from 'zod';
import { validateIdCard } from '../identity.ts';
import { DELIVERY_PARTY_STATUSES, type DeliveryPartyStatus } from '../status/pledge-delivery.ts';
import { validateUscc } from '../uscc.ts';
import { idParams, idSchema, pageOf, pageQuerySchema, optionalTextSchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { pledgeLineInput, releaseOrderReceiverSchema } from './pledge.ts';

const cents = z.number().int();
const ppm = z.number().int();

/** A mainland mobile number: 11 digits starting 13–19. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** A person's name: Chinese or Latin letters, the middle dot of transliterated names, at least two characters. */
export const PERSON_NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z·•. ]*[\u4e00-\u9fa5A-Za-z]$/;

const personName = (label: string) =>
  textSchema(30, label).refine((s) => PERSON_NAME_PATTERN.test(s), `${label}只能包含中文、字母或间隔号，至少2个字`);
const mobile = (label: string) => textSchema(11, label).refine((s) => MOBILE_PATTERN.test(s), '请输入正确的11位手机号码');
const statusFilter = z
  .enum(DELIVERY_PARTY_STATUSES as unknown as [DeliveryPartyStatus, ...DeliveryPartyStatus[]], { error: '状态不正确' })
  .optional();

/** The ID card by the SPEC §5 rules (region, real past birth date, check character); the server re-checks against the business date. */
export const idCardSchema = textSchema(20, '身份证号码').superRefine((s, ctx) => {
  const checked = validateIdCard(s);
  if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
});

// ------------------------------------------------------------------ designated signers
export const signPersonBody = z.object({
  name: personName('签收人姓名'),
  idCard: idCardSchema,
  mobile: mobile('手机号码'),
});
export type SignPersonInput = z.output<typeof signPersonBody>;

export const deliveryPartyListQuery = pageQuerySchema.extend({
  status: statusFilter,
  keyword: optionalTextSchema(40, '关键字'),
});

/** A signer as lists show it: the ID card and the mobile masked. */
export const signPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  idCardMasked: z.string(),
  mobileMasked: z.string(),
  birthDate: z.string().nullable(),
  gender: z.enum(['M', 'F']).nullable(),
  status: z.enum(DELIVERY_PARTY_STATUSES as unknown as [DeliveryPartyStatus, ...DeliveryPartyStatus[]]),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export const signPersonPageSchema = pageOf(signPersonSchema);

// ------------------------------------------------------------------ downstream customers
export const pledgeCustomerBody = z
  .object({
    name: textSchema(60, '客户名称', { min: 2 }),
    uscc: optionalTextSchema(18, '统一社会信用代码'),
    contactName: optionalTextSchema(30, '联系人'),
    contactMobile: optionalTextSchema(11, '联系电话'),
    address: textSchema(120, '收货地址', { min: 6 }),
  })
  .superRefine((v, ctx) => {
    if (v.uscc) {
      const checked = validateUscc(v.uscc);
      if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['uscc'], message: checked.message });
    }
    if (v.contactName && !PERSON_NAME_PATTERN.test(v.contactName))
      ctx.addIssue({ code: 'custom', path: ['contactName'], message: '联系人只能包含中文、字母或间隔号，至少2个字' });
    if (v.contactMobile && !MOBILE_PATTERN.test(v.contactMobile))
      ctx.addIssue({ code: 'custom', path: ['contactMobile'], message: '请输入正确的11位手机号码' });
    if (!v.uscc && !(v.contactName && v.contactMobile))
      ctx.addIssue({ code: 'custom', path: ['uscc'], message: '请填写统一社会信用代码，或联系人及联系电话' });
  });
export type PledgeCustomerInput = z.output<typeof pledgeCustomerBody>;

export const pledgeCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uscc: z.string().nullable(),
  contactName: z.string().nullable(),
  contactMobileMasked: z.string().nullable(),
  address: z.string(),
  status: z.enum(DELIVERY_PARTY_STATUSES as unknown as [DeliveryPartyStatus, ...DeliveryPartyStatus[]]),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export const pledgeCustomerPageSchema = pageOf(pledgeCustomerSchema);

export const deliveryPartyDisabledSchema = z.object({ id: z.number().int(), status: z.string() });

// ------------------------------------------------------------------ release orders
/** The warehouse's open release orders (放货单) of a position, each with its receiver. */
export const releaseOrderListQuery = z.object({ positionId: idSchema('库存') });
export const warehouseReleaseOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  positionId: z.number().int(),
  quantity: z.string(),
  consumed: z.string(),
  remaining: z.string(),
  status: z.string(),
  pickupPerson: z.string().nullable(),
  receiver: releaseOrderReceiverSchema.nullable(),
  createdAt: z.string(),
});

// ------------------------------------------------------------------ adding goods to meet a margin call
export const pledgeAddGoodsBody = z.object({
  lines: z.array(pledgeLineInput, { error: '请选择补充质押的货物' }).min(1, '请选择补充质押的货物').max(50, '一次最多选择 50 笔库存'),
  idempotencyKey: z.string().max(200).optional(),
});
export type PledgeAddGoodsInput = z.output<typeof pledgeAddGoodsBody>;

export const pledgeAddGoodsResultSchema = z.object({
  id: z.number().int(),
  marginCallId: z.number().int(),
  addedQuantity: z.string(),
  pledgedQuantity: z.string(),
  unitPrice: cents,
  value: cents,
  ltvPpm: ppm,
});

/** What the add-goods form needs: the least quantity that restores the pledge rate, and own available stock of the same goods in the same warehouse. */
export const pledgeAddGoodsQuoteSchema = z.object({
  marginCall: z.object({ id: z.number().int(), amount: cents, deadline: z.string(), status: z.string() }).nullable(),
  goodsName: z.string(),
  unit: z.string(),
  scale: z.number().int(),
  unitPrice: cents,
  pledgedQuantity: z.string(),
  minimumQuantity: z.string(),
  stock: z.array(
    z.object({
      positionId: z.number().int(),
      /** The warehouse location: two positions of one batch differ by it (issue 37). */
      locationCode: z.string(),
      batchNo: z.string(),
      available: z.string(),
      receipts: z.array(z.object({ id: z.number().int(), receiptNo: z.string(), quantity: z.string() })),
    }),
  ),
});

// ------------------------------------------------------------------ alerts and value history
export const pledgeAlertsSchema = z.object({
  /** Live financings over the warning line at the last mark to market. */
  warnings: z.array(
    z.object({
      id: z.number().int(),
      financingNo: z.string(),
      goodsName: z.string(),
      value: cents,
      outstanding: cents,
      ltvPpm: ppm,
      warningLinePpm: ppm,
      liquidationLinePpm: ppm,
      risk: z.enum(['WARNING', 'LIQUIDATION']),
    }),
  ),
  /** Margin calls still to meet (open, or past the deadline and in default). */
  marginCalls: z.array(
    z.object({
      id: z.number().int(),
      financingId: z.number().int(),
      financingNo: z.string(),
      amount: cents,
      deadline: z.string(),
      status: z.enum(['OPEN', 'DEFAULTED']),
    }),
  ),
});

export const pledgeValueHistorySchema = z.object({
  unit: z.string(),
  pledgedQuantity: z.string(),
  /** Outstanding principal less top-up margin: what the lines are drawn for. */
  exposure: cents,
  /** Collateral value at which LTV reaches the warning / liquidation line for today's exposure. */
  warningValue: cents.nullable(),
  liquidationValue: cents.nullable(),
  points: z.array(z.object({ priceDate: z.string(), unitPrice: cents, value: cents, ltvPpm: ppm })),
});

// ---------------------------------------------------------------------------------------------
// The operations (issue 23): defined once, served by modules/pledge/routes/delivery-routes.ts, called by
// features/pledge/delivery-api.ts.
// ---------------------------------------------------------------------------------------------
const tag = 'pledge';

export const pledgeDeliveryApi = {
  signPersons: endpoint({
    method: 'GET',
    path: '/api/pledge/sign-persons',
    tag,
    access: 'merchant',
    summary: '指定签收人（身份证、手机号脱敏）',
    query: deliveryPartyListQuery,
    answer: signPersonPageSchema,
  }),
  addSignPerson: endpoint({
    method: 'POST',
    path: '/api/pledge/sign-persons',
    tag,
    access: 'merchant',
    summary: '新增指定签收人',
    body: signPersonBody,
    answer: signPersonSchema,
  }),
  disableSignPerson: endpoint({
    method: 'POST',
    path: '/api/pledge/sign-persons/:id/disable',
    tag,
    access: 'merchant',
    summary: '停用指定签收人',
    params: idParams,
    answer: deliveryPartyDisabledSchema,
  }),
  customers: endpoint({
    method: 'GET',
    path: '/api/pledge/customers',
    tag,
    access: 'merchant',
    summary: '下游客户（可提取赎回货物）',
    query: deliveryPartyListQuery,
    answer: pledgeCustomerPageSchema,
  }),
  addCustomer: endpoint({
    method: 'POST',
    path: '/api/pledge/customers',
    tag,
    access: 'merchant',
    summary: '新增下游客户',
    body: pledgeCustomerBody,
    answer: pledgeCustomerSchema,
  }),
  disableCustomer: endpoint({
    method: 'POST',
    path: '/api/pledge/customers/:id/disable',
    tag,
    access: 'merchant',
    summary: '停用下游客户',
    params: idParams,
    answer: deliveryPartyDisabledSchema,
  }),
  addGoodsQuote: endpoint({
    method: 'GET',
    path: '/api/pledge/financings/:id/add-goods',
    tag,
    access: 'merchant',
    summary: '补充质押货物：最少数量与同仓可用库存',
    params: idParams,
    answer: pledgeAddGoodsQuoteSchema,
  }),
  addGoods: endpoint({
    method: 'POST',
    path: '/api/pledge/financings/:id/add-goods',
    tag,
    access: 'merchant',
    summary: '补充质押货物代替补缴保证金（幂等键）',
    params: idParams,
    body: pledgeAddGoodsBody,
    answer: pledgeAddGoodsResultSchema,
  }),
  alerts: endpoint({
    method: 'GET',
    path: '/api/pledge/alerts',
    tag,
    access: 'merchant',
    summary: '质押率预警与待补缴保证金',
    answer: pledgeAlertsSchema,
  }),
  valueHistory: endpoint({
    method: 'GET',
    path: '/api/pledge/financings/:id/value-history',
    tag,
    access: 'merchant',
    summary: '质押物价值走势（含预警线、平仓线）',
    params: idParams,
    answer: pledgeValueHistorySchema,
  }),
};
