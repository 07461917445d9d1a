// Receivables (issue 36, PRODUCT §13): the financed-assets table, the tax bureau's checks of invoices and
// the dilutions they find, and the simulated tax bureau's desk. Operators only; the supplier reads its
// invoices' checks through supplyLoanApi.invoiceChecks.
import { z } from 'zod';
import { parseInvoiceNumber } from '../receivables.ts';
import { DILUTION_STATUSES, FINANCED_ASSET_STATUSES } from '../status/receivables.ts';
import {
  centsSchema,
  idempotencyKeyField,
  idParams,
  idSchema,
  isoDateSchema,
  optionalTextSchema,
  pageOf,
  pageQuerySchema,
  textSchema,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { timestampSchema } from './time.ts';

const cents = z.number().int().meta({ description: '金额，单位：分（整数）' });
const day = z.string().meta({ description: '日期 YYYY-MM-DD' });

/** What the tax bureau answered about an invoice (null when it answered no facts). */
export const bureauFactsSchema = z.object({
  invoiceCode: z.string(),
  invoiceNumber: z.string(),
  issueDate: day,
  amount: cents,
  taxAmount: cents,
  sellerCreditCode: z.string(),
  sellerName: z.string(),
  buyerCreditCode: z.string(),
  buyerName: z.string(),
  status: z.string(),
  statusDate: z.string().nullable(),
  remark: z.string(),
  /** Issue 36's credit notes: absent in an answer kept before them (none then). */
  credited: cents.optional().meta({ description: '红字发票（部分红冲）冲减的金额（分）' }),
  remaining: cents.optional().meta({ description: '价税合计减去红字发票后的剩余金额（分）' }),
});

/** One check of an invoice with the tax bureau, or an operator's manual verification: who, when, the answer. */
export const invoiceCheckSchema = z.object({
  id: z.number().int(),
  trigger: z.string(),
  triggerLabel: z.string(),
  outcome: z.string(),
  outcomeLabel: z.string(),
  message: z.string(),
  problems: z.array(z.string()),
  verifier: z.string(),
  actorName: z.string(),
  checkedOn: day,
  checkedAt: timestampSchema,
  bureau: bureauFactsSchema.nullable(),
});
export type InvoiceCheckView = z.output<typeof invoiceCheckSchema>;

/** An invoice's verification as its lists show it: the latest check in short. */
export const verificationSummarySchema = z.object({
  outcome: z.string(),
  outcomeLabel: z.string(),
  message: z.string(),
  checkedAt: timestampSchema,
});

export const dilutionSchema = z.object({
  id: z.number().int(),
  status: z.enum(DILUTION_STATUSES),
  statusLabel: z.string(),
  outcome: z.string(),
  outcomeLabel: z.string(),
  invoice: z.string(),
  invoiceAmount: cents,
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  product: z.string(),
  productLabel: z.string(),
  financingId: z.number().int(),
  financingNo: z.string(),
  detectedOn: day,
  detectedAt: timestampSchema,
  message: z.string(),
  principal: cents,
  interest: cents,
  penalty: cents,
  remainingBacking: cents.meta({ description: '同一融资项下仍有效的应收账款（分）：其他发票的剩余金额，部分红冲的本发票计其剩余金额' }),
  exposure: cents.meta({ description: '不再有应收账款覆盖的融资本金（分）' }),
  /** A credit note's dilution (outcome CREDITED): what it took off the invoice, and what of the invoice remains. */
  credited: cents.nullable().meta({ description: '红字发票冲减的金额（分），作废或红冲时为空' }),
  invoiceRemaining: cents.meta({ description: '本发票仍有效的金额（分）：作废或红冲为 0，部分红冲为剩余金额' }),
});
export const dilutionQuery = z.object({ status: z.enum(DILUTION_STATUSES).optional() });

export const financedAssetSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['INVOICE', 'ORDER']),
  kindLabel: z.string(),
  label: z.string(),
  amount: cents,
  status: z.enum(FINANCED_ASSET_STATUSES),
  statusLabel: z.string(),
  enterpriseName: z.string(),
  product: z.string(),
  productLabel: z.string(),
  financingNo: z.string(),
  orderKey: z.string().nullable(),
  maturesOn: day.nullable(),
  heldAt: timestampSchema,
  lastCheck: verificationSummarySchema.nullable(),
  diluted: z.boolean(),
});
export const financedAssetQuery = pageQuerySchema.extend({
  status: z.enum(FINANCED_ASSET_STATUSES).optional(),
  keyword: optionalTextSchema(40, '关键字'),
});

export const bureauInvoiceSchema = z.object({
  id: z.number().int(),
  invoiceCode: z.string(),
  invoiceNumber: z.string(),
  sellerCreditCode: z.string(),
  sellerName: z.string(),
  buyerCreditCode: z.string(),
  buyerName: z.string(),
  issueDate: day,
  amount: cents,
  taxAmount: cents,
  remark: z.string(),
  orderNo: z.string().nullable(),
  status: z.string(),
  statusLabel: z.string(),
  statusDate: day.nullable(),
  statusNote: z.string().nullable(),
  credited: cents.meta({ description: '红字发票（部分红冲）冲减的金额合计（分）' }),
  remaining: cents.meta({ description: '剩余金额：价税合计减去红字发票（分）' }),
});
export const bureauInvoiceQuery = pageQuerySchema.extend({ keyword: optionalTextSchema(40, '关键字') });

/**
 * The simulated bureau issues an invoice (an operator's demo and test desk): without a number it gives
 * the next 数电票 number; with one, the code and number are read as the bureau reads them.
 */
export const issueBureauInvoiceBody = z
  .object({
    invoiceCode: optionalTextSchema(12, '发票代码').meta({ description: '发票代码（数电票不填）' }),
    invoiceNumber: optionalTextSchema(20, '发票号码').meta({ description: '发票号码（不填则由模拟税务局编制数电票号码）' }),
    sellerEnterpriseId: idSchema('销售方'),
    buyerEnterpriseId: idSchema('购买方'),
    issueDate: isoDateSchema('开票日期').meta({ description: '开票日期' }),
    amount: centsSchema('价税合计'),
    taxAmount: centsSchema('税额', { allowZero: true }),
    orderNo: optionalTextSchema(40, '所属订单编号').meta({ description: '所属订单编号' }),
    remark: optionalTextSchema(100, '备注').meta({ description: '备注' }),
    ...idempotencyKeyField,
  })
  .superRefine((body, ctx) => {
    if (!body.invoiceNumber) return;
    const parsed = parseInvoiceNumber(body.invoiceCode, body.invoiceNumber);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', path: [parsed.field], message: parsed.message });
  });
export type IssueBureauInvoiceInput = z.output<typeof issueBureauInvoiceBody>;

export const changeBureauStatusBody = z.object({
  note: textSchema(200, '原因', { multiline: true }).meta({ description: '原因' }),
  ...idempotencyKeyField,
});

/** The simulated bureau's credit note (红字发票, 部分红冲) against one of its invoices: part of what remains, and why. */
export const creditBureauInvoiceBody = z.object({
  amount: centsSchema('红字发票金额').meta({ description: '红字发票金额（分），大于 0 且不超过发票剩余金额' }),
  reason: textSchema(200, '原因', { multiline: true }).meta({ description: '原因（折让、退货等）' }),
  ...idempotencyKeyField,
});

export const recheckBody = z.object({ ...idempotencyKeyField });

const tag = 'receivables';

export const receivablesApi = {
  dilutions: endpoint({
    method: 'GET',
    path: '/api/receivables/dilutions',
    tag,
    access: 'operator',
    summary: '稀释：放款后作废或红冲的发票及其留下的敞口',
    query: dilutionQuery,
    answer: z.array(dilutionSchema),
  }),
  assets: endpoint({
    method: 'GET',
    path: '/api/receivables/assets',
    tag,
    access: 'operator',
    summary: '已融资应收账款（每张发票、每个订单只融资一次）',
    query: financedAssetQuery,
    answer: pageOf(financedAssetSchema),
  }),
  assetChecks: endpoint({
    method: 'GET',
    path: '/api/receivables/assets/:id/checks',
    tag,
    access: 'operator',
    summary: '已融资发票的税务查验记录',
    params: idParams,
    answer: z.array(invoiceCheckSchema),
  }),
  recheck: endpoint({
    method: 'POST',
    path: '/api/receivables/assets/:id/check',
    tag,
    access: 'operator',
    summary: '立即向税务局查验已融资发票',
    params: idParams,
    body: recheckBody,
    answer: invoiceCheckSchema,
  }),
  bureauInvoices: endpoint({
    method: 'GET',
    path: '/api/receivables/tax-bureau/invoices',
    tag,
    access: 'operator',
    summary: '模拟税务局：已开具的发票',
    query: bureauInvoiceQuery,
    answer: pageOf(bureauInvoiceSchema),
  }),
  issueBureauInvoice: endpoint({
    method: 'POST',
    path: '/api/receivables/tax-bureau/invoices',
    tag,
    access: 'operator',
    summary: '模拟税务局：开具发票（演示与测试）',
    body: issueBureauInvoiceBody,
    answer: bureauInvoiceSchema,
  }),
  voidBureauInvoice: endpoint({
    method: 'POST',
    path: '/api/receivables/tax-bureau/invoices/:id/void',
    tag,
    access: 'operator',
    summary: '模拟税务局：作废发票（演示与测试）',
    params: idParams,
    body: changeBureauStatusBody,
    answer: bureauInvoiceSchema,
  }),
  reverseBureauInvoice: endpoint({
    method: 'POST',
    path: '/api/receivables/tax-bureau/invoices/:id/reverse',
    tag,
    access: 'operator',
    summary: '模拟税务局：红冲发票（演示与测试）',
    params: idParams,
    body: changeBureauStatusBody,
    answer: bureauInvoiceSchema,
  }),
  creditBureauInvoice: endpoint({
    method: 'POST',
    path: '/api/receivables/tax-bureau/invoices/:id/credit-note',
    tag,
    access: 'operator',
    summary: '模拟税务局：开具红字发票，部分红冲（演示与测试）',
    params: idParams,
    body: creditBureauInvoiceBody,
    answer: bureauInvoiceSchema,
  }),
};
