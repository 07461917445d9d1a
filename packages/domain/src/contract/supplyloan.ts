// Supply-chain loans (PRODUCT §6): the request and response schemas of /api/supplyloan/*.
// Requests use the shared building blocks (money is integer cents, ids are int4, text has no control
// characters); responses describe exactly what the server sends, so the OpenAPI document and the
// web's types (`z.input<typeof …Schema>` for what arrives on the wire) come from one place.
import { z } from 'zod';
import type { Cents } from '../money.ts';
import { CONTRACT_STATUSES } from '../status/contract.ts';
import { CREDIT_LINE_STATUSES } from '../status/credit.ts';
import { NOTICE_MODES } from '../status/assignment.ts';
import {
  FINANCING_KINDS,
  FINANCING_STATUSES,
  INVOICE_STATUSES,
  ORDER_RECEIVABLE_STATUSES,
  PLATFORM_PRODUCTS,
  REPAYMENT_CHANNELS,
  REPAYMENT_STATUSES,
  REVIEW_STATUSES,
  TRANCHE_STATUSES,
} from '../status/supplyloan.ts';
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
  textSchema,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { loanHistoryEventSchema } from './loan-history.ts';
import { invoiceCheckSchema, verificationSummarySchema } from './receivables.ts';
import { parseInvoiceNumber, RECEIVABLE_TYPES, type ReceivableType } from '../receivables.ts';
import { timestampSchema } from './time.ts';

// ---------------------------------------------------------------------------------------------
// Building blocks of the answers
// ---------------------------------------------------------------------------------------------

/** An amount in an answer: integer cents. */
const cents = z.number().int().meta({ description: '金额，单位：分（整数）' });
/** A rate in an answer: parts per million (7.2 % = 72000). */
const ppm = z.number().int().meta({ description: '费率，百万分比（7.2% = 72000）' });
const rowId = z.number().int();
/** A calendar date `YYYY-MM-DD` (China business day). */
const day = z.string().meta({ description: '日期 YYYY-MM-DD' });
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

const interestMode = z.enum(['UPFRONT', 'ARREARS']);
const financingStatus = z.enum(FINANCING_STATUSES);
const trancheStatus = z.enum(TRANCHE_STATUSES);
const invoiceStatus = z.enum(INVOICE_STATUSES);
const reviewStatus = z.enum(REVIEW_STATUSES);
const repaymentStatus = z.enum(REPAYMENT_STATUSES);
const creditLineStatus = z.enum(CREDIT_LINE_STATUSES);
const financingKind = z.enum(FINANCING_KINDS);
const contractStatus = z.enum(CONTRACT_STATUSES);

/** A bank account money is paid to (the factor's receiving account of a platform). */
export const receivingAccountSchema = z.object({ accountName: z.string(), bankBranchName: z.string(), accountNo: z.string() });

/** One row of a platform's price list: the rate and fee for terms within [minDays, maxDays]. */
export const priceBracketSchema = z.object({
  minDays: z.number().int(),
  maxDays: z.number().int(),
  annualRatePpm: ppm,
  serviceFeeRatePpm: ppm,
});

// ---------------------------------------------------------------------------------------------
// Platforms and credit lines
// ---------------------------------------------------------------------------------------------

const platformFields = {
  id: rowId,
  code: z.string(),
  name: z.string(),
  product: z.enum(PLATFORM_PRODUCTS),
  coreEnterpriseId: rowId,
  coreEnterpriseName: z.string(),
  annualRatePpm: ppm,
  maxTermDays: z.number().int(),
  advanceRatePpm: ppm,
  interestMode,
  serviceFeeRatePpm: ppm,
  penaltyMultiplierPpm: ppm,
  priceList: z.array(priceBracketSchema),
  description: z.string(),
  joinable: z.boolean(),
  interestModeLabel: z.string(),
  /** How the debtor is told of an assignment (issue 36): 明保理 at once, 暗保理 held until a trigger. */
  noticeMode: z.enum(NOTICE_MODES),
  /** Factoring money (issue 36): with recourse (有追索权) or without (无追索权), and the grace after maturity. */
  recourse: z.boolean(),
  collectionGraceDays: z.number().int(),
};

/** A platform with its receiving account (the site's factoring account when it has none of its own). */
export const platformSchema = z.object({ ...platformFields, repaymentAccount: receivingAccountSchema });

const creditFigures = {
  limit: cents,
  used: cents,
  reserved: cents,
  /** limit − used − reserved, never below zero. */
  available: cents,
  startDate: day,
  expiryDate: day,
  /** As of today: an ACTIVE line past its expiry reads EXPIRED. */
  status: creditLineStatus,
};

/** `/platforms`: every SUPPLY platform with the caller's credit line on it and its latest join application. */
export const platformListItemSchema = platformSchema.extend({
  creditLine: nullable(z.object({ id: rowId, ...creditFigures })),
  joinApplication: nullable(
    z.object({ id: rowId, status: reviewStatus, requestedLimit: cents, reviewNote: nullable(z.string()), createdAt: timestampSchema }),
  ),
});

/** `/creditLines`: the caller's credit lines on SUPPLY platforms. */
export const creditLineSchema = z.object({
  id: rowId,
  ...creditFigures,
  platform: z.object({ ...platformFields, repaymentAccount: nullable(receivingAccountSchema) }),
});

export const joinPlatformBody = z.object({
  platformId: idSchema('平台'),
  requestedLimit: centsSchema('申请额度').refine((cents) => cents >= 100, '申请额度不能少于 1.00 元'),
  remark: optionalTextSchema(200, '备注', { multiline: true }),
  ...idempotencyKeyField,
});
export type JoinPlatformInput = z.output<typeof joinPlatformBody>;
export const joinPlatformResult = z.object({ id: rowId, status: reviewStatus });

export const coreEnterpriseSchema = z.object({ id: rowId, name: z.string() });

/** The dashboard cards: credit lines, what falls due within 7 days, financing contracts to sign. */
export const supplyLoanSummarySchema = z.object({
  creditLines: z.object({ count: z.number().int(), limit: cents, used: cents, reserved: cents, available: cents }),
  dueSoon: z.object({ count: z.number().int(), amount: cents, overdueCount: z.number().int() }),
  contractsToSign: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------

/**
 * An invoice as the tax bureau reads it (issue 36): a 10- or 12-digit code with an 8-digit number, or a
 * 数电票's 20 digits without a code (`parseInvoiceNumber`); what kind of receivable it is (the
 * supervisor's intake rules), when the buyer must pay, the basis contract of a future one, and the order it bills.
 */
export const registerInvoiceBody = z
  .object({
    invoiceCode: z
      .string()
      .trim()
      .max(12, '发票代码应为10位或12位数字')
      .optional()
      .default('')
      .meta({ description: '发票代码（数电票不填）' }),
    invoiceNumber: textSchema(20, '发票号码'),
    issueDate: isoDateSchema('开票日期'),
    /** Amount including tax. */
    amount: centsSchema('发票金额'),
    taxAmount: centsSchema('税额', { allowZero: true }).default(0 as Cents),
    buyerEnterpriseId: idSchema('购买方（核心企业）'),
    imageUploadId: idSchema('发票影像').optional(),
    receivableType: z
      .enum(RECEIVABLE_TYPES as [ReceivableType, ...ReceivableType[]], { error: '请选择应收账款类型' })
      .default('SALE')
      .meta({ description: '应收账款类型' }),
    dueDate: isoDateSchema('应收账款到期日').optional().meta({ description: '应收账款到期日' }),
    basisContractNo: optionalTextSchema(60, '基础合同编号').meta({ description: '基础合同编号' }),
    orderNo: optionalTextSchema(40, '所属订单编号').meta({ description: '所属订单编号' }),
  })
  .superRefine((body, ctx) => {
    const parsed = parseInvoiceNumber(body.invoiceCode, body.invoiceNumber);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', path: [parsed.field], message: parsed.message });
  });
export type RegisterInvoiceInput = z.output<typeof registerInvoiceBody>;
export const registerInvoiceResult = z.object({ id: rowId, status: invoiceStatus, verification: verificationSummarySchema.nullable() });

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

// ---------------------------------------------------------------------------------------------
// Applying for a financing
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// My financings
// ---------------------------------------------------------------------------------------------

export const financingListQuery = pageQuerySchema.extend({
  status: financingStatus.optional(),
  platformId: idSchema('平台').optional(),
  kind: financingKind.optional(),
  /** Application date range (inclusive). */
  dateFrom: isoDateSchema('开始日期').optional(),
  dateTo: isoDateSchema('结束日期').optional(),
  overdue: z.enum(['true', 'false']).optional(),
});
export type FinancingListQuery = z.output<typeof financingListQuery>;

/** Which actions the user may take on a financing in its state (the buttons of myfinancing). */
export const financingActionsSchema = z.object({
  cancel: z.boolean(),
  signContract: z.boolean(),
  repay: z.boolean(),
  extend: z.boolean(),
  drawdown: z.boolean(),
});

const financingSummaryFields = {
  id: rowId,
  financingNo: z.string(),
  kind: financingKind,
  platformId: rowId,
  amount: cents,
  drawn: cents,
  termDays: z.number().int(),
  annualRatePpm: ppm,
  interestMode,
  interestModeLabel: z.string(),
  interest: cents,
  serviceFee: cents,
  netAmount: cents,
  applyDate: day,
  dueDate: day,
  status: financingStatus,
  statusLabel: z.string(),
  overdue: z.boolean(),
  extended: z.boolean(),
  contractId: nullable(rowId),
  contractSigned: z.boolean(),
  actions: financingActionsSchema,
  createdAt: timestampSchema,
  settledAt: nullable(timestampSchema),
};

export const financingListItemSchema = z.object({
  ...financingSummaryFields,
  platformName: z.string(),
  contractStatus: nullable(contractStatus),
  /** Principal not yet repaid over the disbursed tranches. */
  outstanding: cents,
});

export const financingListSchema = pageOf(financingListItemSchema).extend({
  totals: z.object({ count: z.number().int(), amount: cents, drawn: cents, outstanding: cents }),
});

/** What is owed on one tranche as of a day. */
const owedFields = { principal: cents, interest: cents, penalty: cents, total: cents, overdueDays: z.number().int() };

/**
 * Upfront interest of the days not used that paying the whole principal today gives back to the free
 * funds (issue 37 item 10); the payment itself is still `total`.
 */
const refundField = { interestRefund: cents };

/** What is owed today over the open tranches (the early pay-off quote). */
export const repaymentQuoteSchema = z.object({
  asOf: day,
  ...owedFields,
  ...refundField,
  tranches: z.array(
    z.object({
      trancheId: rowId,
      seq: z.number().int(),
      dueDate: day,
      startDate: nullable(day),
      overdue: z.boolean(),
      ...owedFields,
      ...refundField,
    }),
  ),
});

export const repaymentSchema = z.object({
  id: rowId,
  financingId: rowId,
  enterpriseId: rowId,
  method: z.enum(REPAYMENT_CHANNELS),
  amount: cents,
  principal: cents,
  interest: cents,
  penalty: cents,
  allocations: z.array(z.object({ trancheId: rowId, principal: cents, interest: cents, penalty: cents, interestRefund: cents.optional() })),
  /** Upfront interest of the days not used given back to the free funds by this repayment (issue 37 item 10). */
  interestRefund: cents,
  status: repaymentStatus,
  voucherUploadId: nullable(rowId),
  payerAccountName: nullable(z.string()),
  payerAccountNo: nullable(z.string()),
  entryId: nullable(rowId),
  refNo: nullable(z.string()),
  reviewNote: nullable(z.string()),
  repayDate: day,
  createdBy: nullable(rowId),
  confirmedBy: nullable(rowId),
  createdAt: timestampSchema,
  confirmedAt: nullable(timestampSchema),
});

export const extensionSchema = z.object({
  id: rowId,
  financingId: rowId,
  financingNo: z.string(),
  trancheId: rowId,
  enterpriseId: rowId,
  oldDueDate: day,
  newDueDate: day,
  extraInterest: cents,
  reason: z.string(),
  status: reviewStatus,
  reviewNote: nullable(z.string()),
  createdBy: nullable(rowId),
  decidedBy: nullable(rowId),
  createdAt: timestampSchema,
  decidedAt: nullable(timestampSchema),
});
export const extensionPageSchema = pageOf(extensionSchema);

/** The detail drawer: the financing, its backing, schedule, repayments, extensions, contracts and history. */
export const financingDetailSchema = z.object({
  ...financingSummaryFields,
  enterpriseId: rowId,
  creditLineId: rowId,
  platformName: z.string(),
  reserved: cents,
  serviceFeeRatePpm: ppm,
  penaltyMultiplierPpm: ppm,
  purpose: nullable(z.string()),
  reviewNote: nullable(z.string()),
  createdBy: nullable(rowId),
  updatedAt: timestampSchema,
  invoices: z.array(
    z.object({ id: rowId, invoiceCode: z.string(), invoiceNumber: z.string(), issueDate: day, amount: cents, status: invoiceStatus }),
  ),
  order: nullable(
    z.object({
      id: rowId,
      enterpriseId: rowId,
      buyerEnterpriseId: rowId,
      orderNo: z.string(),
      amount: cents,
      deliveryDate: day,
      attachmentUploadId: nullable(rowId),
      status: z.enum(ORDER_RECEIVABLE_STATUSES),
      financingId: nullable(rowId),
      createdBy: nullable(rowId),
      createdAt: timestampSchema,
    }),
  ),
  /** Each tranche's dates and amounts, and for open ones what is owed today. */
  schedule: z.array(
    z.object({
      id: rowId,
      seq: z.number().int(),
      status: trancheStatus,
      amount: cents,
      termDays: z.number().int(),
      interest: cents,
      serviceFee: cents,
      netAmount: cents,
      startDate: nullable(day),
      dueDate: nullable(day),
      outstanding: cents,
      /** The tranche's annual rate: the financing's, or its own once an extension re-priced it. */
      annualRatePpm: ppm,
      /** Where interest in arrears on today's outstanding principal is counted from (null: upfront, or not disbursed). */
      interestFrom: nullable(day),
      principalPaid: cents,
      interestPaid: cents,
      penaltyPaid: cents,
      overdue: z.boolean(),
      extended: z.boolean(),
      owedToday: nullable(repaymentQuoteSchema.shape.tranches.element),
    }),
  ),
  quote: repaymentQuoteSchema,
  repayments: z.array(repaymentSchema),
  extensions: z.array(extensionSchema),
  contracts: z.array(
    z.object({
      id: rowId,
      contractNo: z.string(),
      title: z.string(),
      status: contractStatus,
      amount: cents,
      signedAt: nullable(timestampSchema),
      signedByName: nullable(z.string()),
      createdAt: timestampSchema,
    }),
  ),
  history: z.array(loanHistoryEventSchema),
});

export const cancelFinancingResult = z.object({ id: rowId, status: z.literal('CANCELLED') });

// ---------------------------------------------------------------------------------------------
// Repayment
// ---------------------------------------------------------------------------------------------

/** The repayment page: owed today, the account's available funds, the factor's receiving account. */
export const repaymentPageSchema = z.object({
  financing: z.object({
    id: rowId,
    financingNo: z.string(),
    status: financingStatus,
    amount: cents,
    dueDate: day,
    overdue: z.boolean(),
    interestMode,
    annualRatePpm: ppm,
    penaltyMultiplierPpm: ppm,
  }),
  quote: repaymentQuoteSchema,
  repayable: z.boolean(),
  available: cents,
  receivingAccount: receivingAccountSchema,
  pendingVoucher: nullable(z.object({ id: rowId, amount: cents, createdAt: timestampSchema })),
});

const repaymentAmount = centsSchema('还款金额');

/** Online repayment from the account: the amount, confirmed by the login password, under an idempotency key. */
export const repayBody = z.object({ amount: repaymentAmount, ...moneyConfirmationFields });
export const repayResultSchema = z.object({
  repaymentId: rowId,
  refNo: z.string(),
  amount: cents,
  principal: cents,
  interest: cents,
  penalty: cents,
  /** Upfront interest of the days not used given back to the free funds (0 when none). */
  interestRefund: cents,
  /** The financing's status after the payment. */
  status: z.enum(['REPAYING', 'SETTLED']),
  owedAfter: cents,
});

/** An offline transfer to the factor's receiving account, with its voucher, for the operator to confirm. */
export const voucherBody = z.object({
  amount: repaymentAmount,
  voucherUploadId: idSchema('转账凭证'),
  payerAccountName: textSchema(100, '付款账户名称'),
  payerAccountNo: textSchema(32, '付款账号').regex(/^\d{6,32}$/, '付款账号应为6–32位数字'),
  ...idempotencyKeyField,
});
export type VoucherInput = z.output<typeof voucherBody>;
export const voucherResultSchema = z.object({ repaymentId: rowId, status: z.literal('PENDING') });

// ---------------------------------------------------------------------------------------------
// Extension
// ---------------------------------------------------------------------------------------------

export const extensionBody = z.object({
  trancheId: idSchema('放款记录').optional(),
  newDueDate: isoDateSchema('新到期日'),
  reason: textSchema(300, '展期原因', { min: 2, multiline: true }),
  ...idempotencyKeyField,
});
export type ExtensionInput = z.output<typeof extensionBody>;
export const extensionResultSchema = z.object({
  extensionId: rowId,
  extraDays: z.number().int(),
  extraInterest: cents,
  /** Value date → new due date, and the rate the extended tranche carries (the bracket of that term, never below the agreed rate). */
  totalDays: z.number().int(),
  annualRatePpm: ppm,
  repriced: z.boolean(),
  oldDueDate: day,
  newDueDate: day,
});

// ---------------------------------------------------------------------------------------------
// Order-loan drawdowns
// ---------------------------------------------------------------------------------------------

export const drawdownBody = z.object({
  amount: centsSchema('提款金额'),
  termDays: intSchema('提款期限', 1, 3650),
  ...idempotencyKeyField,
});
export type DrawdownInput = z.output<typeof drawdownBody>;
export const drawdownResultSchema = z.object({
  trancheId: rowId,
  seq: z.number().int(),
  interest: cents,
  serviceFee: cents,
  netAmount: cents,
  plannedDueDate: day,
});

export const drawdownListQuery = pageQuerySchema.extend({ financingId: idSchema('融资').optional() });
export type DrawdownListQuery = z.output<typeof drawdownListQuery>;

export const drawdownSchema = z.object({
  id: rowId,
  financingId: rowId,
  financingNo: z.string(),
  seq: z.number().int(),
  amount: cents,
  termDays: z.number().int(),
  interest: cents,
  serviceFee: cents,
  netAmount: cents,
  status: trancheStatus,
  startDate: nullable(day),
  dueDate: nullable(day),
  outstanding: cents,
  overdue: z.boolean(),
  createdAt: timestampSchema,
});
export const drawdownPageSchema = pageOf(drawdownSchema);

/** An order loan that may be drawn: signed, not settled, with room left. */
export const drawableOrderLoanSchema = z.object({
  id: rowId,
  financingNo: z.string(),
  orderNo: nullable(z.string()),
  platformName: z.string(),
  amount: cents,
  drawn: cents,
  /** Requested drawdowns waiting for disbursement. */
  waiting: cents,
  room: cents,
  termDays: z.number().int(),
  annualRatePpm: ppm,
  serviceFeeRatePpm: ppm,
  interestMode,
  overdue: z.boolean(),
  status: financingStatus,
  statusLabel: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Due financings (/user/factorRepayment)
// ---------------------------------------------------------------------------------------------

export const dueFinancingSchema = z.object({
  id: rowId,
  financingNo: z.string(),
  platformName: z.string(),
  amount: cents,
  nextDueDate: day,
  overdue: z.boolean(),
  overdueDays: z.number().int(),
  principal: cents,
  interest: cents,
  penalty: cents,
  dueToday: cents,
  /** Due within 7 days or overdue. */
  dueSoon: z.boolean(),
  status: financingStatus,
  statusLabel: z.string(),
});
export const dueFinancingsSchema = z.object({
  items: z.array(dueFinancingSchema),
  totals: z.object({ count: z.number().int(), dueToday: cents, overdueCount: z.number().int(), dueSoonCount: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// The operations (issue 23): every route is an enterprise user's. Reads see the caller's
// enterprise; everything that applies, pays or asks needs it certified (the server's scope).
// ---------------------------------------------------------------------------------------------

const tag = 'supplyloan';

export const supplyLoanApi = {
  platforms: endpoint({
    method: 'GET',
    path: '/api/supplyloan/platforms',
    tag,
    access: 'merchant',
    summary: '平台列表（含本企业授信与准入申请）',
    answer: z.array(platformListItemSchema),
  }),
  platform: endpoint({
    method: 'GET',
    path: '/api/supplyloan/platforms/:id',
    tag,
    access: 'merchant',
    summary: '平台详情与价格表',
    params: idParams,
    answer: platformSchema,
  }),
  joinPlatform: endpoint({
    method: 'POST',
    path: '/api/supplyloan/platforms/join',
    tag,
    access: 'merchant',
    summary: '申请加入平台（运营授信；幂等键）',
    body: joinPlatformBody,
    answer: joinPlatformResult,
  }),
  creditLines: endpoint({
    method: 'GET',
    path: '/api/supplyloan/creditLines',
    tag,
    access: 'merchant',
    summary: '本企业的供应链授信',
    answer: z.array(creditLineSchema),
  }),
  coreEnterprises: endpoint({
    method: 'GET',
    path: '/api/supplyloan/coreEnterprises',
    tag,
    access: 'merchant',
    summary: '核心企业（发票购买方）',
    answer: z.array(coreEnterpriseSchema),
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/supplyloan/summary',
    tag,
    access: 'merchant',
    summary: '首页卡片：授信、7天内到期、待签合同',
    answer: supplyLoanSummarySchema,
  }),
  invoices: endpoint({
    method: 'GET',
    path: '/api/supplyloan/invoices',
    tag,
    access: 'merchant',
    summary: '发票（应收账款）列表',
    query: invoiceListQuery,
    answer: invoicePageSchema,
  }),
  registerInvoice: endpoint({
    method: 'POST',
    path: '/api/supplyloan/invoices',
    tag,
    access: 'merchant',
    summary: '登记发票（税务局查验后提交运营核验）',
    body: registerInvoiceBody,
    answer: registerInvoiceResult,
  }),
  invoiceChecks: endpoint({
    method: 'GET',
    path: '/api/supplyloan/invoices/:id/checks',
    tag,
    access: 'merchant',
    summary: '发票的税务查验记录',
    params: idParams,
    answer: z.array(invoiceCheckSchema),
  }),
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
  financings: endpoint({
    method: 'GET',
    path: '/api/supplyloan/financings',
    tag,
    access: 'merchant',
    summary: '我的融资（分页、筛选、合计）',
    query: financingListQuery,
    answer: financingListSchema,
  }),
  financing: endpoint({
    method: 'GET',
    path: '/api/supplyloan/financings/:id',
    tag,
    access: 'merchant',
    summary: '融资详情',
    params: idParams,
    answer: financingDetailSchema,
  }),
  cancelFinancing: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings/:id/cancel',
    tag,
    access: 'merchant',
    summary: '取消融资申请（放款前）',
    params: idParams,
    answer: cancelFinancingResult,
  }),
  quote: endpoint({
    method: 'GET',
    path: '/api/supplyloan/financings/:id/quote',
    tag,
    access: 'merchant',
    summary: '还款试算（今日应还、提前结清报价）',
    params: idParams,
    answer: repaymentPageSchema,
  }),
  repay: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings/:id/repay',
    tag,
    access: 'merchant',
    summary: '账户还款（登录密码确认，幂等键）',
    params: idParams,
    body: repayBody,
    answer: repayResultSchema,
  }),
  submitVoucher: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings/:id/voucher',
    tag,
    access: 'merchant',
    summary: '提交线下还款凭证（运营确认；幂等键）',
    params: idParams,
    body: voucherBody,
    answer: voucherResultSchema,
  }),
  requestExtension: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings/:id/extension',
    tag,
    access: 'merchant',
    summary: '申请展期（幂等键）',
    params: idParams,
    body: extensionBody,
    answer: extensionResultSchema,
  }),
  extensions: endpoint({
    method: 'GET',
    path: '/api/supplyloan/extensions',
    tag,
    access: 'merchant',
    summary: '展期申请记录',
    query: pageQuerySchema,
    answer: extensionPageSchema,
  }),
  requestDrawdown: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings/:id/drawdowns',
    tag,
    access: 'merchant',
    summary: '订单融资提款（幂等键）',
    params: idParams,
    body: drawdownBody,
    answer: drawdownResultSchema,
  }),
  drawdowns: endpoint({
    method: 'GET',
    path: '/api/supplyloan/drawdowns',
    tag,
    access: 'merchant',
    summary: '订单融资提款记录',
    query: drawdownListQuery,
    answer: drawdownPageSchema,
  }),
  drawable: endpoint({
    method: 'GET',
    path: '/api/supplyloan/orderLoans/drawable',
    tag,
    access: 'merchant',
    summary: '可提款的订单融资',
    answer: z.array(drawableOrderLoanSchema),
  }),
  due: endpoint({
    method: 'GET',
    path: '/api/supplyloan/due',
    tag,
    access: 'merchant',
    summary: '保理还款：已放款融资的今日应还（标注7天内到期及逾期）',
    answer: dueFinancingsSchema,
  }),
};
