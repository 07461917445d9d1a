// Registration at the movable-property financing registry (动产融资统一登记公示系统, 中登网; issue 36, PRODUCT §13):
// the operator's registry desk — the factor's registrations, those due to expire and due to cancel, the
// financings not yet registered — its acts (register, search, upload a search certificate, amend, extend,
// cancel) and the certificates. Operators only; the supplier sees a tag on its financing (supplyLoanApi).
import { z } from 'zod';
import { REGISTRATION_YEARS } from '../registry.ts';
import {
  idempotencyKeyField,
  idParams,
  idSchema,
  intSchema,
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

export const REGISTRATION_STANDINGS = ['VALID', 'EXPIRED', 'CANCELLED'] as const;

/** A registration another registrant holds that beats the factor's on a receivable (民法典 art. 768). */
export const registryConflictSchema = z.object({
  registrationNo: z.string(),
  registrantName: z.string(),
  since: z.string(),
  invoices: z.array(z.string()),
});

/** One search kept with a financing: the registry's answer (its 查询证明) or an uploaded certificate. */
export const registrySearchSchema = z.object({
  id: z.number().int(),
  source: z.enum(['REGISTRY', 'UPLOAD']),
  sourceLabel: z.string(),
  proofNo: z.string().nullable(),
  uploadId: z.number().int().nullable(),
  searchedOn: day,
  searchedAt: timestampSchema,
  /** Whether it is dated the China day it is read on (the gate asks for a search of the day of payment). */
  today: z.boolean(),
  outcome: z.enum(['CLEAR', 'CONFLICT']),
  outcomeLabel: z.string(),
  found: z.number().int(),
  conflicts: z.array(registryConflictSchema),
  message: z.string(),
  actorName: z.string(),
});
export type RegistrySearchView = z.output<typeof registrySearchSchema>;

/** One of the factor's registrations as the desk lists it. */
export const registrationSchema = z.object({
  id: z.number().int(),
  product: z.string(),
  financingId: z.number().int(),
  financingNo: z.string(),
  enterpriseName: z.string(),
  transferorCode: z.string(),
  registry: z.string(),
  registrationNo: z.string(),
  invoices: z.array(z.string()),
  amount: cents,
  description: z.string(),
  years: z.number().int(),
  registeredAt: timestampSchema,
  registeredOn: day,
  expiresOn: day,
  /** Days from today to the 登记到期日 (negative once expired). */
  daysToExpiry: z.number().int(),
  standing: z.enum(REGISTRATION_STANDINGS),
  standingLabel: z.string(),
  /** The day the financing ended (settled, released): due to be cancelled since. */
  cancelDueOn: day.nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: timestampSchema.nullable(),
  /** The registry's last refusal or silence on an act (cancellation at the close of business …). */
  lastProblem: z.string().nullable(),
  latestSearch: registrySearchSchema.nullable(),
});
export type RegistrationView = z.output<typeof registrationSchema>;

export const registryActSchema = z.object({
  id: z.number().int(),
  act: z.string(),
  actLabel: z.string(),
  actNo: z.string(),
  madeAt: timestampSchema,
  note: z.string(),
  actorName: z.string(),
});

export const registrationDetailSchema = registrationSchema.extend({
  acts: z.array(registryActSchema),
  searches: z.array(registrySearchSchema),
});

/** A financing holding invoices without a valid registration of the factor (to register before paying). */
export const unregisteredSchema = z.object({
  financingId: z.number().int(),
  financingNo: z.string(),
  product: z.string(),
  enterpriseName: z.string(),
  transferorCode: z.string(),
  invoices: z.array(z.string()),
  amount: cents,
  /** 融资申请中 (HELD) or 已放款 (FUNDED). */
  assetStatus: z.string(),
  assetStatusLabel: z.string(),
  latestSearch: registrySearchSchema.nullable(),
});

export const REGISTRY_VIEWS = ['VALID', 'EXPIRING', 'DUE_TO_CANCEL', 'CANCELLED', 'ALL'] as const;
export const REGISTRY_VIEW_LABELS: Readonly<Record<(typeof REGISTRY_VIEWS)[number], string>> = {
  VALID: '有效登记',
  EXPIRING: '即将到期（30 天内）',
  DUE_TO_CANCEL: '待注销（融资已结清）',
  CANCELLED: '已注销或到期',
  ALL: '全部',
};
export const registrationQuery = pageQuerySchema.extend({
  view: z.enum(REGISTRY_VIEWS).optional(),
  keyword: optionalTextSchema(40, '关键字'),
});

export const registrySummarySchema = z.object({
  registry: z.object({ name: z.string(), label: z.string(), local: z.boolean(), registrantName: z.string(), registrantCode: z.string() }),
  valid: z.number().int(),
  expiring: z.number().int(),
  dueToCancel: z.number().int(),
  unregistered: z.number().int(),
});

export const registerBody = z.object({
  years: intSchema('登记期限（年）', REGISTRATION_YEARS.min, REGISTRATION_YEARS.max).optional(),
  ...idempotencyKeyField,
});
export const registrySearchBody = z.object({ ...idempotencyKeyField });
export const uploadedSearchBody = z.object({
  uploadId: idSchema('查询证明文件').meta({ description: '查询证明文件（PDF）' }),
  searchedOn: isoDateSchema('查询日期').meta({ description: '查询日期' }),
  proofNo: optionalTextSchema(40, '查询证明编号').meta({ description: '查询证明编号' }),
  conflictFound: z.boolean().meta({ description: '是否发现在先冲突登记' }),
  note: optionalTextSchema(300, '在先登记说明', { multiline: true }).meta({ description: '在先登记说明（登记编号、登记人）' }),
  ...idempotencyKeyField,
});
export const amendRegistrationBody = z.object({
  note: textSchema(200, '变更原因', { multiline: true }).meta({ description: '变更原因' }),
  description: optionalTextSchema(1000, '转让财产描述', { multiline: true }).meta({
    description: '转让财产描述（不填则按融资的发票重新生成）',
  }),
  ...idempotencyKeyField,
});
export const extendRegistrationBody = z.object({
  years: intSchema('展期年限', 1, REGISTRATION_YEARS.max - 1),
  ...idempotencyKeyField,
});
export const cancelRegistrationBody = z.object({
  reason: textSchema(200, '注销原因', { multiline: true }).meta({ description: '注销原因' }),
  ...idempotencyKeyField,
});
export const certificateParams = z.object({
  number: z
    .string()
    .regex(/^\d{20}$/, '证明编号应为20位数字')
    .meta({ description: '登记编号或查询证明编号（20位）' }),
});

/** The supplier's financings whose registration it reads (a tag on its financing). */
export const registrationTagQuery = z.object({
  financingIds: z
    .union([z.array(z.union([z.number(), z.string()])), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(',').filter((s) => s.trim() !== '')))
    .pipe(z.array(idSchema('融资')).max(200, '一次最多查询 200 笔融资'))
    .meta({ description: '融资（id），逗号分隔' }),
});
export const registrationTagSchema = z.object({
  financingId: z.number().int(),
  /** REGISTERED: a valid registration of the factor covers its receivables; NONE: not (yet) registered. */
  status: z.enum(['REGISTERED', 'EXPIRED', 'CANCELLED', 'NONE']),
  label: z.string(),
  registrationNo: z.string().nullable(),
  registeredOn: day.nullable(),
  expiresOn: day.nullable(),
});

const tag = 'registry';

export const registryApi = {
  summary: endpoint({
    method: 'GET',
    path: '/api/receivables/registry/summary',
    tag,
    access: 'operator',
    summary: '动产融资登记：接入的登记系统与各清单笔数',
    answer: registrySummarySchema,
  }),
  registrations: endpoint({
    method: 'GET',
    path: '/api/receivables/registry/registrations',
    tag,
    access: 'operator',
    summary: '动产融资登记：本机构的登记（有效、即将到期、待注销、已注销）',
    query: registrationQuery,
    answer: pageOf(registrationSchema),
  }),
  registration: endpoint({
    method: 'GET',
    path: '/api/receivables/registry/registrations/:id',
    tag,
    access: 'operator',
    summary: '动产融资登记：登记详情、历次登记与查询',
    params: idParams,
    answer: registrationDetailSchema,
  }),
  unregistered: endpoint({
    method: 'GET',
    path: '/api/receivables/registry/unregistered',
    tag,
    access: 'operator',
    summary: '动产融资登记：持有发票而尚未登记的融资',
    answer: z.array(unregisteredSchema),
  }),
  searches: endpoint({
    method: 'GET',
    path: '/api/receivables/registry/financings/:id/searches',
    tag,
    access: 'operator',
    summary: '动产融资登记：融资的历次查询',
    params: idParams,
    answer: z.array(registrySearchSchema),
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/receivables/registry/financings/:id/register',
    tag,
    access: 'operator',
    summary: '动产融资登记：为融资的应收账款转让办理初始登记',
    params: idParams,
    body: registerBody,
    answer: registrationSchema,
  }),
  search: endpoint({
    method: 'POST',
    path: '/api/receivables/registry/financings/:id/search',
    tag,
    access: 'operator',
    summary: '动产融资登记：按出让人统一社会信用代码查询（结果随融资留存）',
    params: idParams,
    body: registrySearchBody,
    answer: registrySearchSchema,
  }),
  uploadSearch: endpoint({
    method: 'POST',
    path: '/api/receivables/registry/financings/:id/uploaded-search',
    tag,
    access: 'operator',
    summary: '动产融资登记：上传在登记系统取得的查询证明（PDF）',
    params: idParams,
    body: uploadedSearchBody,
    answer: registrySearchSchema,
  }),
  amend: endpoint({
    method: 'POST',
    path: '/api/receivables/registry/registrations/:id/amend',
    tag,
    access: 'operator',
    summary: '动产融资登记：变更登记',
    params: idParams,
    body: amendRegistrationBody,
    answer: registrationSchema,
  }),
  extend: endpoint({
    method: 'POST',
    path: '/api/receivables/registry/registrations/:id/extend',
    tag,
    access: 'operator',
    summary: '动产融资登记：展期登记',
    params: idParams,
    body: extendRegistrationBody,
    answer: registrationSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/receivables/registry/registrations/:id/cancel',
    tag,
    access: 'operator',
    summary: '动产融资登记：注销登记',
    params: idParams,
    body: cancelRegistrationBody,
    answer: registrationSchema,
  }),
  tags: endpoint({
    method: 'GET',
    path: '/api/receivables/registry/tags',
    tag,
    access: 'merchant',
    summary: '供应商：融资项下应收账款是否已在中登网登记',
    query: registrationTagQuery,
    answer: z.array(registrationTagSchema),
  }),
  certificate: endpoint({
    method: 'GET',
    path: '/api/receivables/registry/certificates/:number',
    tag,
    access: 'operator',
    summary: '动产融资登记：登记证明或查询证明（PDF）',
    params: certificateParams,
    answer: { binary: 'application/pdf' },
  }),
};
