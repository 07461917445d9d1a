// The supply platforms (each with its price list and receiving account), joining one, and the caller's
// credit lines on them.
import { z } from 'zod';
import { NOTICE_MODES } from '../../status/assignment.ts';
import { PLATFORM_PRODUCTS } from '../../status/supplyloan.ts';
import { centsSchema, idempotencyKeyField, idParams, idSchema, optionalTextSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { timestampSchema } from '../time.ts';
import { cents, creditLineStatus, day, interestMode, nullable, ppm, receivingAccountSchema, reviewStatus, rowId, tag } from './shared.ts';

/** One row of a platform's price list: the rate and fee for terms within [minDays, maxDays]. */
export const priceBracketSchema = z.object({
  minDays: z.number().int(),
  maxDays: z.number().int(),
  annualRatePpm: ppm,
  serviceFeeRatePpm: ppm,
});

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

export default {
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
};
