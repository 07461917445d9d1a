// The bank cloud loan's API contract (PRODUCT §7, issue 15): request and response schemas shared by
// the server's routes and the web's forms. Money is integer cents, rates integer ppm.
import { z } from 'zod';
import { asciiNumberText } from '../money.ts';
import { isRepaymentMethod, MAX_SCHEDULE_MONTHS, type RepaymentMethod } from '../schedule.ts';
import {
  centsSchema,
  idempotencyKeyField,
  idSchema,
  intSchema,
  isoDateSchema,
  moneyConfirmationFields,
  optionalTextSchema,
  pageQuerySchema,
  pageOf,
  textSchema,
} from './common.ts';
import { timestampSchema } from './time.ts';
import { taskDecisionSchema } from './bpm.ts';
import { endpoint } from './endpoint.ts';
import { loanHistoryEventSchema } from './loan-history.ts';

/** Terms a cloud loan may be applied for and granted (PRODUCT §7). */
export const CLOUD_LOAN_MIN_TERM = 3;
export const CLOUD_LOAN_MAX_TERM = 36;
/** No rate of 0 and none above 36 % a year (the judicial cap on private lending). */
export const CLOUD_LOAN_MAX_RATE_PPM = 360_000;
/** The trial's largest amount: ¥1,000,000,000.00. */
export const CLOUD_LOAN_TRIAL_MAX_AMOUNT = 100_000_000_000;

export const repaymentMethodSchema = z
  .string({ error: '请选择还款方式' })
  .refine(isRepaymentMethod, '还款方式不正确，应为等额本息、等额本金、先息后本或到期一次还本付息')
  .transform((v) => v as RepaymentMethod);

/** An annual rate in ppm (49000 = 4.9 %): more than 0, at most 36 %; the messages speak of percents. */
export const cloudLoanRateSchema = (label = '年利率') =>
  z
    .union([z.number(), z.string().trim()], { error: `请输入${label}` })
    .superRefine((value, ctx) => {
      const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(n)) ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
      else if (n <= 0) ctx.addIssue({ code: 'custom', message: `${label}必须大于 0` });
      else if (n > CLOUD_LOAN_MAX_RATE_PPM) ctx.addIssue({ code: 'custom', message: `${label}不能超过 36%` });
    })
    .transform((value) => Number(value))
    .meta({ description: `${label}，百万分之一（49000 = 4.9 %）` });

/**
 * The product's term in months, 3 to 36 (PRODUCT §7): one rule for the trial, the application and the
 * bank's grant, on the server and in the forms (issue 24: the trial priced a 37-month loan the product
 * does not offer). A term as typed — number or digits — is never rounded.
 */
export const cloudLoanTermSchema = (label = '借款期限') =>
  z
    .union([z.number(), z.string().transform((s) => asciiNumberText(s).trim())], {
      error: (iss) => (iss.input === undefined || iss.input === null ? `请输入${label}` : `${label}格式不正确`),
    })
    .transform((value, ctx): number => {
      if (value === '') {
        ctx.addIssue({ code: 'custom', message: `请输入${label}` });
        return z.NEVER;
      }
      const n = typeof value === 'number' ? value : /^[+-]?\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `${label}须为整数个月` });
        return z.NEVER;
      }
      if (n < CLOUD_LOAN_MIN_TERM || n > CLOUD_LOAN_MAX_TERM) {
        ctx.addIssue({ code: 'custom', message: `${label}应为 ${CLOUD_LOAN_MIN_TERM} 到 ${CLOUD_LOAN_MAX_TERM} 个月` });
        return z.NEVER;
      }
      return n;
    })
    .meta({ description: `${label}（月，${CLOUD_LOAN_MIN_TERM} – ${CLOUD_LOAN_MAX_TERM} 的整数）` });

export const cloudLoanTrialQuery = z.object({
  amount: centsSchema('借款金额', { max: CLOUD_LOAN_TRIAL_MAX_AMOUNT }),
  annualRatePpm: cloudLoanRateSchema(),
  termMonths: cloudLoanTermSchema(),
  method: repaymentMethodSchema,
  startDate: isoDateSchema('起息日'),
});
export type CloudLoanTrialQuery = z.input<typeof cloudLoanTrialQuery>;

export const scheduleRowSchema = z.object({
  period: z.number().int(),
  dueDate: z.string(),
  payment: z.number().int(),
  principal: z.number().int(),
  interest: z.number().int(),
  remaining: z.number().int(),
});
export type CloudLoanScheduleRow = z.infer<typeof scheduleRowSchema>;

export const cloudLoanScheduleSchema = z.object({
  rows: z.array(scheduleRowSchema),
  totals: z.object({ payment: z.number().int(), principal: z.number().int(), interest: z.number().int() }),
  shortenedFrom: z.number().int().nullable(),
});
export type CloudLoanSchedule = z.infer<typeof cloudLoanScheduleSchema>;

export const cloudLoanProductSchema = z.object({
  enabled: z.boolean(),
  bankName: z.string(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  minTermMonths: z.number().int(),
  maxTermMonths: z.number().int(),
  minRatePpm: z.number().int(),
  maxRatePpm: z.number().int(),
  referenceRatePpm: z.number().int(),
  penaltyMultiplierPpm: z.number().int(),
  validityDays: z.number().int(),
  controlledDrawdown: z.boolean(),
});
export type CloudLoanProduct = z.infer<typeof cloudLoanProductSchema>;

export const cloudLoanEligibilitySchema = z.object({
  allowed: z.boolean(),
  /** Why not, in Chinese; null when allowed. */
  reason: z.string().nullable(),
  code: z.string().nullable(),
});
export type CloudLoanEligibility = z.infer<typeof cloudLoanEligibilitySchema>;

const MOBILE = /^1[3-9]\d{9}$/;

export const cloudLoanApplyInput = z.object({
  amount: centsSchema('申请金额'),
  termMonths: cloudLoanTermSchema(),
  method: repaymentMethodSchema,
  purpose: textSchema(200, '借款用途'),
  lastYearRevenue: centsSchema('上年度营业收入', { allowZero: true }),
  lastYearTax: centsSchema('上年度纳税额', { allowZero: true }),
  creditEnquiryConsent: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: '请授权银行查询企业征信' })
    .transform((v) => v === true || v === 'true')
    .refine((v) => v, '请授权银行查询企业征信'),
  agreementAccepted: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: '请阅读并同意《云贷服务协议》' })
    .transform((v) => v === true || v === 'true')
    .refine((v) => v, '请阅读并同意《云贷服务协议》'),
  contactName: textSchema(30, '联系人'),
  contactPhone: z.string({ error: '请输入联系电话' }).trim().regex(MOBILE, '联系电话应为 11 位手机号码'),
  remark: optionalTextSchema(200, '备注', { multiline: true }),
  ...idempotencyKeyField,
});
export type CloudLoanApplyInput = z.input<typeof cloudLoanApplyInput>;

/** The operator's decision for the bank (built-in bank adapter). */
export const cloudLoanGrantInput = z.object({
  amount: centsSchema('授信金额'),
  annualRatePpm: cloudLoanRateSchema('授信年利率'),
  termMonths: cloudLoanTermSchema(),
  validityDays: intSchema('授信有效期（天）', 1, 3660).default(180),
  comment: optionalTextSchema(500, '审批意见', { multiline: true }),
});
export type CloudLoanGrantInput = z.input<typeof cloudLoanGrantInput>;

export const cloudLoanRejectInput = z.object({
  reason: textSchema(500, '拒绝原因', { min: 2, multiline: true }),
});

export const cloudLoanDrawPreviewQuery = z.object({ amount: centsSchema('提款金额') });

export const cloudLoanDrawInput = z.object({
  amount: centsSchema('提款金额'),
  ...moneyConfirmationFields,
});

export const cloudLoanInstalmentRepayInput = z.object({
  period: intSchema('期次', 1, MAX_SCHEDULE_MONTHS),
  amount: centsSchema('还款金额'),
  ...moneyConfirmationFields,
});

export const cloudLoanPayoffInput = z.object({
  amount: centsSchema('结清金额'),
  ...moneyConfirmationFields,
});

export const cloudLoanListQuery = pageQuerySchema;
export const cloudLoanIdParams = z.object({ id: idSchema('云贷编号') });

export const cloudLoanApplicationSchema = z.object({
  id: z.number().int(),
  applicationNo: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  amount: z.number().int(),
  termMonths: z.number().int(),
  method: z.string(),
  methodLabel: z.string(),
  purpose: z.string(),
  lastYearRevenue: z.number().int(),
  lastYearTax: z.number().int(),
  contactName: z.string(),
  contactPhone: z.string(),
  bankName: z.string(),
  grantedAmount: z.number().int().nullable(),
  grantedRatePpm: z.number().int().nullable(),
  grantedTermMonths: z.number().int().nullable(),
  grantedAt: z.string().nullable(),
  expiryDate: z.string().nullable(),
  drawnAmount: z.number().int(),
  rejectReason: z.string().nullable(),
  contractId: z.number().int().nullable(),
  contractNo: z.string().nullable(),
  agreementSigned: z.boolean(),
  createdAt: z.string(),
});
export type CloudLoanApplication = z.infer<typeof cloudLoanApplicationSchema>;

export const cloudLoanCreditSchema = z.object({
  applicationId: z.number().int(),
  applicationNo: z.string(),
  bankName: z.string(),
  grantedAmount: z.number().int(),
  drawnAmount: z.number().int(),
  availableAmount: z.number().int(),
  annualRatePpm: z.number().int(),
  termMonths: z.number().int(),
  method: z.string(),
  methodLabel: z.string(),
  grantedAt: z.string(),
  expiryDate: z.string(),
  /** VALID, EXPIRED, USED_UP or UNSIGNED (the agreement is not signed yet). */
  state: z.enum(['VALID', 'EXPIRED', 'USED_UP', 'UNSIGNED']),
  stateLabel: z.string(),
  contractId: z.number().int().nullable(),
});
export type CloudLoanCredit = z.infer<typeof cloudLoanCreditSchema>;

export const cloudLoanQuoteSchema = z.object({
  asOf: z.string(),
  principal: z.number().int(),
  interest: z.number().int(),
  penalty: z.number().int(),
  total: z.number().int(),
});
export type CloudLoanQuote = z.infer<typeof cloudLoanQuoteSchema>;

export const cloudLoanInstalmentSchema = scheduleRowSchema.extend({
  status: z.string(),
  statusLabel: z.string(),
  overdue: z.boolean(),
  penalty: z.number().int(),
  /** What paying this instalment today takes: payment + penalty to date (0 once paid or closed). */
  dueNow: z.number().int(),
  paidAt: z.string().nullable(),
});
export type CloudLoanInstalment = z.infer<typeof cloudLoanInstalmentSchema>;

/** The bank's reference for a drawdown or a repayment: what its adapter's `draw` / `repay` answered (issue 22). */
const bankRef = z.string().nullable().meta({ description: '银行业务编号（银行适配器返回的借据号 / 还款流水号）' });

export const cloudLoanRepaymentSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  kindLabel: z.string(),
  period: z.number().int().nullable(),
  principal: z.number().int(),
  interest: z.number().int(),
  penalty: z.number().int(),
  total: z.number().int(),
  refNo: z.string(),
  bankRef,
  businessDate: z.string(),
  createdAt: z.string(),
});
export type CloudLoanRepayment = z.infer<typeof cloudLoanRepaymentSchema>;

export const cloudLoanDrawdownSchema = z.object({
  id: z.number().int(),
  drawdownNo: z.string(),
  applicationId: z.number().int(),
  applicationNo: z.string(),
  bankName: z.string(),
  principal: z.number().int(),
  outstandingPrincipal: z.number().int(),
  annualRatePpm: z.number().int(),
  termMonths: z.number().int(),
  method: z.string(),
  methodLabel: z.string(),
  startDate: z.string(),
  maturityDate: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  overdue: z.boolean(),
  refNo: z.string(),
  bankRef,
  nextDueDate: z.string().nullable(),
  nextPayment: z.number().int().nullable(),
  createdAt: z.string(),
});
export type CloudLoanDrawdown = z.infer<typeof cloudLoanDrawdownSchema>;

export const cloudLoanTotalsSchema = z.object({
  drawn: z.number().int(),
  outstandingPrincipal: z.number().int(),
  repaidPrincipal: z.number().int(),
  repaidInterest: z.number().int(),
  repaidPenalty: z.number().int(),
  repaidTotal: z.number().int(),
  scheduledInterest: z.number().int(),
  overdueCount: z.number().int(),
  loans: z.number().int(),
  settledLoans: z.number().int(),
});
export type CloudLoanTotals = z.infer<typeof cloudLoanTotalsSchema>;

export const cloudLoanDrawdownDetailSchema = cloudLoanDrawdownSchema.extend({
  instalments: z.array(cloudLoanInstalmentSchema),
  repayments: z.array(cloudLoanRepaymentSchema),
  /** The loan's history in the lending core's one store: drawn, each repayment, overdue, settled. */
  history: z.array(loanHistoryEventSchema),
  quote: cloudLoanQuoteSchema.nullable(),
  totals: cloudLoanTotalsSchema,
});
export type CloudLoanDrawdownDetail = z.infer<typeof cloudLoanDrawdownDetailSchema>;

/** A drawdown just made: its number, the ledger's and the bank's references, and its plan's size. */
export const cloudLoanDrawnSchema = z.object({
  id: z.number(),
  drawdownNo: z.string(),
  refNo: z.string(),
  bankRef: z.string(),
  principal: z.number(),
  instalments: z.number(),
  maturityDate: z.string(),
});

export const cloudLoanRepaidSchema = z.object({
  repaymentId: z.number().int(),
  refNo: z.string(),
  bankRef,
  principal: z.number().int(),
  interest: z.number().int(),
  penalty: z.number().int(),
  total: z.number().int(),
  status: z.string(),
});

/** An application waiting for the built-in bank's decision (the operator decides for the bank). */
export const cloudLoanPendingApplicationSchema = z.object({
  id: z.number().int(),
  applicationNo: z.string(),
  enterpriseName: z.string(),
  amount: z.number().int(),
  termMonths: z.number().int(),
  method: z.string(),
  purpose: z.string(),
  lastYearRevenue: z.number().int(),
  lastYearTax: z.number().int(),
  createdAt: timestampSchema,
});

// ---------------------------------------------------------------------------------------------
// The operations (issue 23): defined once, served by modules/cloudloan/routes.ts, called by
// features/cloudloan/api.ts.
// ---------------------------------------------------------------------------------------------
const tag = 'cloudloan';
const idParams = cloudLoanIdParams;

export const cloudLoanApi = {
  allowed: endpoint({
    method: 'GET',
    path: '/api/slccbprecredit/isAllowCcbLoan',
    tag,
    access: 'user',
    summary: '是否可申请银行云贷（菜单与页面用同一规则）',
    answer: z.boolean(),
  }),
  eligibility: endpoint({
    method: 'GET',
    path: '/api/cloudloan/eligibility',
    tag,
    access: 'user',
    summary: '云贷申请资格及原因',
    answer: cloudLoanEligibilitySchema,
  }),
  product: endpoint({
    method: 'GET',
    path: '/api/cloudloan/product',
    tag,
    access: 'user',
    summary: '云贷产品：额度、期限、利率',
    answer: cloudLoanProductSchema,
  }),
  // The trial is a calculator: it needs nothing of the caller's account and answers without login.
  trial: endpoint({
    method: 'GET',
    path: '/api/cloudloan/trial',
    tag,
    access: 'public',
    summary: '还款试算（完整还款计划与合计）',
    query: cloudLoanTrialQuery,
    answer: cloudLoanScheduleSchema,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/api/cloudloan/applications',
    tag,
    access: 'merchant',
    summary: '提交云贷申请（幂等键）',
    body: cloudLoanApplyInput,
    answer: z.object({ id: z.number(), applicationNo: z.string(), status: z.string() }),
  }),
  applications: endpoint({
    method: 'GET',
    path: '/api/cloudloan/applications',
    tag,
    access: 'merchant',
    summary: '云贷申请列表',
    query: cloudLoanListQuery,
    answer: pageOf(cloudLoanApplicationSchema),
  }),
  application: endpoint({
    method: 'GET',
    path: '/api/cloudloan/applications/:id',
    tag,
    access: 'merchant',
    summary: '云贷申请详情',
    params: idParams,
    answer: cloudLoanApplicationSchema,
  }),
  credits: endpoint({
    method: 'GET',
    path: '/api/cloudloan/credits',
    tag,
    access: 'merchant',
    summary: '银行授信：授信、已提、可用、有效期',
    answer: z.array(cloudLoanCreditSchema),
  }),
  drawPreview: endpoint({
    method: 'GET',
    path: '/api/cloudloan/credits/:id/preview',
    tag,
    access: 'merchant',
    summary: '提款预览：将入账的还款计划',
    params: idParams,
    query: cloudLoanDrawPreviewQuery,
    answer: cloudLoanScheduleSchema,
  }),
  draw: endpoint({
    method: 'POST',
    path: '/api/cloudloan/credits/:id/draw',
    tag,
    access: 'merchant',
    summary: '提款至虚拟账户（需登录密码确认）',
    params: idParams,
    body: cloudLoanDrawInput,
    answer: cloudLoanDrawnSchema,
  }),
  drawdowns: endpoint({
    method: 'GET',
    path: '/api/cloudloan/drawdowns',
    tag,
    access: 'merchant',
    summary: '云贷借款列表',
    query: cloudLoanListQuery.extend({ applicationId: idSchema('申请编号').optional() }),
    answer: pageOf(cloudLoanDrawdownSchema),
  }),
  drawdown: endpoint({
    method: 'GET',
    path: '/api/cloudloan/drawdowns/:id',
    tag,
    access: 'merchant',
    summary: '借款详情：还款计划、还款记录、结清报价',
    params: idParams,
    answer: cloudLoanDrawdownDetailSchema,
  }),
  totals: endpoint({
    method: 'GET',
    path: '/api/cloudloan/totals',
    tag,
    access: 'merchant',
    summary: '云贷还款合计',
    answer: cloudLoanTotalsSchema,
  }),
  repayInstalment: endpoint({
    method: 'POST',
    path: '/api/cloudloan/drawdowns/:id/repay',
    tag,
    access: 'merchant',
    summary: '提前归还一期（需登录密码确认）',
    params: idParams,
    body: cloudLoanInstalmentRepayInput,
    answer: cloudLoanRepaidSchema,
  }),
  payoff: endpoint({
    method: 'POST',
    path: '/api/cloudloan/drawdowns/:id/payoff',
    tag,
    access: 'merchant',
    summary: '提前结清（按当日报价，需登录密码确认）',
    params: idParams,
    body: cloudLoanPayoffInput,
    answer: cloudLoanRepaidSchema,
  }),
  pendingForBank: endpoint({
    method: 'GET',
    path: '/api/cloudloan/operator/applications',
    tag,
    access: 'operator',
    summary: '待银行审批的云贷申请（运营代银行）',
    answer: z.array(cloudLoanPendingApplicationSchema),
  }),
  grantForBank: endpoint({
    method: 'POST',
    path: '/api/cloudloan/operator/applications/:id/grant',
    tag,
    access: 'operator',
    summary: '代银行授信：金额、利率、期限、有效期',
    params: idParams,
    body: cloudLoanGrantInput,
    answer: taskDecisionSchema,
  }),
  rejectForBank: endpoint({
    method: 'POST',
    path: '/api/cloudloan/operator/applications/:id/reject',
    tag,
    access: 'operator',
    summary: '代银行拒绝（须填写原因）',
    params: idParams,
    body: cloudLoanRejectInput,
    answer: taskDecisionSchema,
  }),
};
