// The factor's risk desk (issue 27), read-only slice: exposure by product, borrower, debtor/core
// enterprise, platform, warehouse and goods; aging by days past due with the non-performing flag and
// the required risk reserve; the collateral watch of pledges. Every figure is integer cents computed
// from the loan records the rest of the portal reads (no second copy of balances). Operators only.
import { z } from 'zod';
import { centsSchema, idempotencyKeyField, idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { settingsProposalSchema } from './system.ts';
import type { Cents } from '../money.ts';

/**
 * The product lines are the server's registered lending products (issue 35): a position carries its line's
 * code and label, and the trends list every line with whose book it is in (the factor's own, or a partner
 * bank's, shown apart). No product is named here.
 */
export const productLineSchema = z.object({
  code: z.string(),
  label: z.string(),
  /** FACTOR: the factor's own book (risk assets); BANK: a partner bank's book, shown apart. */
  side: z.enum(['FACTOR', 'BANK']),
});
export type ProductLineView = z.output<typeof productLineSchema>;

/** Days past due: current, 1–30, 31–60, 61–90, over 90 (non-performing). */
export const AGING_BUCKETS = ['CURRENT', 'D1_30', 'D31_60', 'D61_90', 'D90_PLUS'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Readonly<Record<AgingBucket, string>> = {
  CURRENT: '未逾期',
  D1_30: '逾期 1–30 天',
  D31_60: '逾期 31–60 天',
  D61_90: '逾期 61–90 天',
  D90_PLUS: '逾期 90 天以上（不良）',
};

/** The bucket of a number of days past due: past 90 days is non-performing (银保监办发〔2019〕205号). */
export function agingBucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'CURRENT';
  if (daysPastDue <= 30) return 'D1_30';
  if (daysPastDue <= 60) return 'D31_60';
  if (daysPastDue <= 90) return 'D61_90';
  return 'D90_PLUS';
}

/** The risk reserve at least required: 1 % of the factoring balance (principal outstanding), rounded up to the cent. */
export const RISK_RESERVE_MIN_PPM = 10_000;

/**
 * The specific reserve the factor adds per aging bucket on top of the 1 % (ppm of the bucket's principal),
 * by default the common five-category practice (正常 / 关注 / 次级 / 可疑 / 损失): 0 %, 2 %, 5 %, 25 %, 50 %.
 */
export const DEFAULT_RESERVE_RATES_PPM: Readonly<Record<AgingBucket, number>> = {
  CURRENT: 0,
  D1_30: 20_000,
  D31_60: 50_000,
  D61_90: 250_000,
  D90_PLUS: 500_000,
};

const cents = z.number().int();
const ppm = z.number().int().meta({ description: '百万分比（1 000 000 = 100 %）' });
const sharePpm = (label: string) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}不正确`)
    .min(1, `${label}须大于 0`)
    .max(1_000_000, `${label}不能超过 100%`);

const reserveRate = (label: string) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}不正确`)
    .min(0, `${label}不能为负数`)
    .max(1_000_000, `${label}不能超过 100%`);

/** Outstanding of a set of financings: principal, interest and penalty (罚息) owed today, in cents. */
const outstandingFields = {
  count: z.number().int(),
  principal: cents,
  interest: cents,
  penalty: cents,
  total: cents,
};

export const exposureRowSchema = z.object({
  /** The group's key: a product code or an id as text. */
  key: z.string(),
  label: z.string(),
  ...outstandingFields,
  /** Share of the book's principal (the risk assets the ratios divide by), ppm; the rows of a full grouping add to exactly 1 000 000. */
  sharePpm: ppm,
});
export type ExposureRow = z.output<typeof exposureRowSchema>;

const bookSchema = z.object({ ...outstandingFields });

export const exposureSchema = z.object({
  asOf: z.string(),
  /** The factor's own book: supply (invoice and order) loans and goods pledges. */
  book: bookSchema,
  byProduct: z.array(exposureRowSchema),
  byBorrower: z.array(exposureRowSchema),
  byDebtor: z.array(exposureRowSchema),
  byPlatform: z.array(exposureRowSchema),
  /** Pledges only: shares are of the whole book, so they add to the pledge product's share. */
  byWarehouse: z.array(exposureRowSchema),
  byGoods: z.array(exposureRowSchema),
  /** The partner banks' book (the bank cloud loan), apart: shares of its own total. */
  bankBook: z.object({ ...outstandingFields, byProduct: z.array(exposureRowSchema), byBorrower: z.array(exposureRowSchema) }),
});
export type ExposureAnswer = z.output<typeof exposureSchema>;

export const EXPOSURE_DIMENSIONS = ['product', 'borrower', 'debtor', 'platform', 'warehouse', 'goods'] as const;

export const exposureFinancingsQuery = z.object({
  dimension: z.enum(EXPOSURE_DIMENSIONS, { error: '请选择统计维度' }),
  key: z.string({ error: '请选择一行' }).trim().min(1, '请选择一行').max(40, '行标识过长'),
});

export const riskFinancingSchema = z.object({
  /** The code of the position's product line. */
  product: z.string(),
  productLabel: z.string(),
  id: z.number().int(),
  financingNo: z.string(),
  borrowerId: z.number().int(),
  borrowerName: z.string(),
  debtorId: z.number().int().nullable(),
  debtorName: z.string().nullable(),
  platformId: z.number().int().nullable(),
  platformName: z.string().nullable(),
  warehouseName: z.string().nullable(),
  goodsName: z.string().nullable(),
  dueDate: z.string().nullable(),
  daysPastDue: z.number().int(),
  bucket: z.enum(AGING_BUCKETS),
  nonPerforming: z.boolean(),
  principal: cents,
  interest: cents,
  penalty: cents,
  total: cents,
});
export type RiskFinancing = z.output<typeof riskFinancingSchema>;

const bucketsSchema = z.object(Object.fromEntries(AGING_BUCKETS.map((b) => [b, cents])) as Record<AgingBucket, typeof cents>);
const ratesSchema = z.object(Object.fromEntries(AGING_BUCKETS.map((b) => [b, ppm])) as Record<AgingBucket, typeof ppm>);

/** One bucket's specific reserve: its principal, the rate the factor set and ⌈rate × principal⌉. */
export const reserveLineSchema = z.object({
  bucket: z.enum(AGING_BUCKETS),
  label: z.string(),
  principal: cents,
  ratePpm: ppm,
  reserve: cents,
});
export type ReserveLine = z.output<typeof reserveLineSchema>;

export const agingRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Principal outstanding by bucket (cents). */
  buckets: bucketsSchema,
  total: cents,
  nonPerforming: cents,
  nonPerformingCount: z.number().int(),
});

export const agingSchema = z.object({
  asOf: z.string(),
  byProduct: z.array(agingRowSchema),
  byBorrower: z.array(agingRowSchema),
  /** The factor's book (cloud loans apart). */
  total: agingRowSchema,
  bankBook: agingRowSchema,
  /** Non-performing principal over the factoring balance, ppm. */
  nonPerformingRatioPpm: ppm,
  /** The factoring balance (principal outstanding of the factor's book) and the general reserve on it (≥ 1 %). */
  factoringBalance: cents,
  reserveRatePpm: ppm,
  generalReserve: cents,
  /** The specific reserve of each bucket at the rates of 限额设置. */
  reserveByBucket: z.array(reserveLineSchema),
  /** The reserve required: the general reserve plus every bucket's specific reserve. */
  requiredReserve: cents,
  /** The reserve booked: the balance of the ledger account RISK_RESERVE (风险准备金). */
  bookedReserve: cents,
  /** The financings past due (any bucket but current), most days first. */
  pastDue: z.array(riskFinancingSchema),
});
export type AgingAnswer = z.output<typeof agingSchema>;

export const LTV_BANDS = ['0-50', '50-60', '60-70', '70-80', '80-90', '90+'] as const;

export const collateralSchema = z.object({
  asOf: z.string(),
  ltvBands: z.array(z.object({ band: z.enum(LTV_BANDS), label: z.string(), count: z.number().int(), outstanding: cents })),
  byRisk: z.array(
    z.object({ risk: z.enum(['NORMAL', 'WARNING', 'LIQUIDATION']), label: z.string(), count: z.number().int(), outstanding: cents }),
  ),
  /** Every live pledge financing valued at today's price, worst LTV first. */
  financings: z.array(
    z.object({
      id: z.number().int(),
      financingNo: z.string(),
      borrowerName: z.string(),
      warehouseName: z.string(),
      goodsName: z.string(),
      unit: z.string(),
      quantity: z.string(),
      unitPrice: cents,
      priceDate: z.string().nullable(),
      value: cents,
      outstanding: cents,
      topUpMargin: cents,
      ltvPpm: ppm,
      warningLinePpm: ppm,
      liquidationLinePpm: ppm,
      risk: z.enum(['NORMAL', 'WARNING', 'LIQUIDATION']),
      riskLabel: z.string(),
      /** The collateral value at which the loan reaches each line (null with nothing outstanding). */
      valueAtWarning: cents.nullable(),
      valueAtLiquidation: cents.nullable(),
      /** The price fall (ppm of today's price) that would bring it to the warning line; 0 when already over. */
      dropToWarningPpm: ppm.nullable(),
    }),
  ),
  marginCalls: z.array(
    z.object({
      id: z.number().int(),
      financingId: z.number().int(),
      financingNo: z.string(),
      borrowerName: z.string(),
      amount: cents,
      paidAmount: cents,
      ltvPpm: ppm,
      deadline: z.string(),
      daysLeft: z.number().int(),
      status: z.enum(['OPEN', 'DEFAULTED']),
    }),
  ),
  byGoods: z.array(
    z.object({
      goodsId: z.number().int(),
      goodsName: z.string(),
      unit: z.string(),
      quantity: z.string(),
      unitPrice: cents,
      priceDate: z.string().nullable(),
      value: cents,
      outstanding: cents,
      count: z.number().int(),
    }),
  ),
});
export type CollateralAnswer = z.output<typeof collateralSchema>;

/**
 * The supervisory limits (银保监办发〔2019〕205号) as the factor configures them (site configuration key
 * `riskLimits`): risk assets (principal outstanding of the factor's own book) at most `maxLeveragePpm` of
 * net assets (10 × = 10 000 000); receivables against one debtor at most `maxDebtorSharePpm` of risk
 * assets; against the related parties at most `maxRelatedSharePpm`; one borrower's principal at most
 * `maxBorrowerPrincipal`. Past `warningLevelPpm` of a limit a decision is flagged; past the limit refused.
 * The concentration limits (debtor, related parties) refuse only once risk assets reach
 * `concentrationFloor`: below it, a young book of few loans is shown, not held to shares.
 */
/**
 * An amount of the limits: integer cents as a JSON number, nothing else (the shared `centsSchema` also
 * reads integer text, so the string "100" would be ¥1.00 of net assets; the screen sends numbers).
 */
const limitCents = (label: string, options: { allowZero?: boolean } = {}) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}须为以分为单位的整数（数字）`) })
    .int(`${label}须为以分为单位的整数（数字）`)
    .min(options.allowZero ? 0 : 1, options.allowZero ? `${label}不能为负数` : `${label}必须大于0`)
    .max(Number.MAX_SAFE_INTEGER, `${label}超出允许范围`)
    .transform((n) => n as Cents)
    .meta({ description: `${label}，单位：分（整数）`, example: 100000 });

export const riskLimitsSchema = z.object({
  netAssets: limitCents('净资产'),
  maxLeveragePpm: z
    .number({ error: '请输入风险资产 / 净资产上限' })
    .int('风险资产 / 净资产上限不正确')
    .min(100_000, '风险资产 / 净资产上限至少 0.1 倍')
    .max(100_000_000, '风险资产 / 净资产上限至多 100 倍'),
  maxDebtorSharePpm: sharePpm('单一债务人占比上限'),
  maxRelatedSharePpm: sharePpm('关联方占比上限'),
  maxBorrowerPrincipal: limitCents('单一借款人融资余额上限'),
  warningLevelPpm: sharePpm('预警水平'),
  concentrationFloor: limitCents('集中度指标起算规模', { allowZero: true }),
  relatedPartyIds: z
    .array(idSchema('关联方企业'), { error: '关联方名单不正确' })
    .max(200, '关联方至多 200 家')
    .refine((ids) => new Set(ids).size === ids.length, '关联方名单有重复企业'),
  /**
   * The specific reserve rate of each aging bucket, ppm of its principal (0–100 %), on top of the 1 %;
   * never lower for an older bucket (a loan longer past due is not less at risk).
   */
  reserveRatesPpm: z
    .object(
      Object.fromEntries(AGING_BUCKETS.map((b) => [b, reserveRate(`${AGING_BUCKET_LABELS[b]}计提比例`)])) as Record<
        AgingBucket,
        ReturnType<typeof reserveRate>
      >,
      { error: '各账龄段计提比例不正确' },
    )
    .superRefine((rates, ctx) => {
      AGING_BUCKETS.forEach((b, i) => {
        const previous = AGING_BUCKETS[i - 1];
        if (previous && rates[b] < rates[previous])
          ctx.addIssue({
            code: 'custom',
            path: [b],
            message: `${AGING_BUCKET_LABELS[b]}计提比例不能低于${AGING_BUCKET_LABELS[previous]}（账龄越长，计提比例不应越低）`,
          });
      });
    }),
});
export type RiskLimits = z.output<typeof riskLimitsSchema>;

export const riskLimitsAnswerSchema = z.object({
  limits: z.object({
    netAssets: cents,
    maxLeveragePpm: ppm,
    maxDebtorSharePpm: ppm,
    maxRelatedSharePpm: ppm,
    maxBorrowerPrincipal: cents,
    warningLevelPpm: ppm,
    concentrationFloor: cents,
    relatedPartyIds: z.array(z.number().int()),
    reserveRatesPpm: ratesSchema,
  }),
  /** The related parties with their names, for the list on the screen. */
  relatedParties: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The change waiting for a second operator (four eyes), null when none. */
  pending: settingsProposalSchema.nullable(),
});
export type RiskLimitsAnswer = z.output<typeof riskLimitsAnswerSchema>;

export const RISK_LEVELS = ['NORMAL', 'WARNING', 'BREACH'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_LEVEL_LABELS: Readonly<Record<RiskLevel, string>> = { NORMAL: '正常', WARNING: '预警', BREACH: '超限' };

export const RATIO_KEYS = ['LEVERAGE', 'DEBTOR', 'RELATED', 'BORROWER'] as const;
export type RatioKey = (typeof RATIO_KEYS)[number];

/** One limit checked against the book: its figure, its limit, the level, and the whole in Chinese words. */
export const ratioCheckSchema = z.object({
  key: z.enum(RATIO_KEYS),
  label: z.string(),
  /** The debtor or borrower it is about (null for the whole book). */
  subject: z.string().nullable(),
  /** PPM: a share or multiple in parts per million (10 × = 10 000 000); CENTS: an amount. */
  unit: z.enum(['PPM', 'CENTS']),
  value: z.number().int(),
  limit: z.number().int(),
  level: z.enum(RISK_LEVELS),
  /** Whether a breach refuses (false for a concentration limit below its floor). */
  enforced: z.boolean(),
  words: z.string(),
});
export type RatioCheck = z.output<typeof ratioCheckSchema>;

export const ratiosSchema = z.object({
  asOf: z.string(),
  /** Principal outstanding of the factor's own book (supply and pledge; the bank cloud loan is the bank's). */
  riskAssets: cents,
  netAssets: cents,
  checks: z.array(ratioCheckSchema),
  nonPerformingRatioPpm: ppm,
  requiredReserve: cents,
});
export type RatiosAnswer = z.output<typeof ratiosSchema>;

/** A month-end point of the trends: the day's snapshot, made by the close of business. */
export const trendPointSchema = z.object({
  date: z.string(),
  /** Principal outstanding by product line code (every line of `lines`). */
  byProduct: z.record(z.string(), cents),
  buckets: bucketsSchema,
  nonPerformingRatioPpm: ppm,
  riskAssets: cents,
  leveragePpm: ppm,
  maxDebtorSharePpm: ppm,
  relatedSharePpm: ppm,
});
export const trendsSchema = z.object({ lines: z.array(productLineSchema), points: z.array(trendPointSchema) });
export type TrendsAnswer = z.output<typeof trendsSchema>;

/**
 * Booking the risk reserve (issue 27): the operator sends the required reserve as the screen showed it;
 * the server recomputes it on its clock's day and refuses when the book changed meanwhile.
 */
export const bookReserveBody = z.object({
  expectedRequired: centsSchema('应计提风险准备金', { allowZero: true }),
  ...idempotencyKeyField,
});

export const bookReserveAnswerSchema = z.object({
  asOf: z.string(),
  requiredReserve: cents,
  bookedBefore: cents,
  bookedAfter: cents,
  /** What was posted: positive booked (计提), negative released (转回), 0 nothing. */
  delta: cents,
  /** The journal entry's reference number (null when nothing was posted). */
  refNo: z.string().nullable(),
  words: z.string(),
});
export type BookReserveAnswer = z.output<typeof bookReserveAnswerSchema>;

const tag = 'risk';

export const riskApi = {
  exposure: endpoint({
    method: 'GET',
    path: '/api/bpm/risk/exposure',
    tag,
    access: 'operator',
    summary: '风险敞口：按产品、借款人、债务人/核心企业、平台、仓库与货物的未偿本金、利息、罚息及占比',
    answer: exposureSchema,
  }),
  exposureFinancings: endpoint({
    method: 'GET',
    path: '/api/bpm/risk/exposure/financings',
    tag,
    access: 'operator',
    summary: '敞口下钻：一行背后的各笔融资',
    query: exposureFinancingsQuery,
    answer: z.array(riskFinancingSchema),
  }),
  aging: endpoint({
    method: 'GET',
    path: '/api/bpm/risk/aging',
    tag,
    access: 'operator',
    summary: '账龄：按逾期天数分段的未偿本金、不良（逾期 90 天以上）与应计提风险准备金',
    answer: agingSchema,
  }),
  collateral: endpoint({
    method: 'GET',
    path: '/api/bpm/risk/collateral',
    tag,
    access: 'operator',
    summary: '押品监控：质押率分布、触及警戒线与处置线的融资、未结追加保证金通知、按货物的今日价值',
    answer: collateralSchema,
  }),
  ratios: endpoint({
    method: 'GET',
    path: '/api/bpm/risk/ratios',
    tag,
    access: 'operator',
    summary: '监管指标：风险资产 / 净资产、单一债务人占比、关联方占比、单一借款人余额，各与限额对照',
    answer: ratiosSchema,
  }),
  limits: endpoint({
    method: 'GET',
    path: '/api/bpm/risk/limits',
    tag,
    access: 'operator',
    summary: '风险限额设置：净资产、各项上限、预警水平与关联方名单',
    answer: riskLimitsAnswerSchema,
  }),
  saveLimits: endpoint({
    method: 'PUT',
    path: '/api/bpm/risk/limits',
    tag,
    access: 'operator',
    summary: '提交风险限额变更（运营人员；另一位操作员批准后生效，记入审计日志）',
    body: riskLimitsSchema,
    answer: settingsProposalSchema,
  }),
  bookReserve: endpoint({
    method: 'POST',
    path: '/api/bpm/risk/reserve',
    tag,
    access: 'operator',
    summary: '计提（或转回）风险准备金：按今日应计提金额记账，差额记入风险准备金与资产减值损失',
    body: bookReserveBody,
    answer: bookReserveAnswerSchema,
  }),
  trends: endpoint({
    method: 'GET',
    path: '/api/bpm/risk/trends',
    tag,
    access: 'operator',
    summary: '趋势：各月末日终快照的敞口、账龄与监管指标',
    answer: trendsSchema,
  }),
};
