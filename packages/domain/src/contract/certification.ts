// Enterprise real-name authentication and the bound settlement account (PRODUCT §4).
import { z } from 'zod';
import { AUTHENTICATION_STATUSES } from '../lifecycle.ts';
import { ACCOUNT_CHANGE_STATUSES } from '../status/certification.ts';
import { idParams, idSchema, optionalTextSchema, pageOf, pageQuerySchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { timestampSchema } from './time.ts';

/** Labels of the authentication form, for `请输入{label}` and the operator's view. */
export const AUTHENTICATION_FIELD_LABELS = {
  enterpriseName: '企业名称',
  uscc: '统一社会信用代码',
  registeredAddress: '注册地址',
  legalName: '法定代表人姓名',
  legalIdCard: '法定代表人身份证号码',
  contactName: '联系人姓名',
  contactMobile: '联系人手机号',
  contactEmail: '联系人邮箱',
  licenceFileId: '营业执照',
  idFrontFileId: '法定代表人身份证人像面',
  idBackFileId: '法定代表人身份证国徽面',
  accountName: '结算账户名称',
  accountNo: '结算账号',
  bankCode: '开户银行',
  provinceCode: '开户省份',
  cityCode: '开户城市',
  unionBankNo: '开户网点',
} as const;
const L = AUTHENTICATION_FIELD_LABELS;

/** A field a draft may leave empty: absent, null and '' all mean "not filled in yet" (null). */
const draftText = (max: number, label: string) =>
  optionalTextSchema(max, label)
    .nullable()
    .transform((v) => v || null);
const optionalId = (label: string) =>
  z
    .union([z.literal(''), idSchema(label)])
    .nullish()
    .transform((v) => (typeof v === 'number' ? v : null));

// Requests ------------------------------------------------------------------------------------------

/** The settlement account part, shared by the authentication and the account change. */
export const accountFieldsInput = z.object({
  accountName: draftText(100, L.accountName),
  accountNo: draftText(60, L.accountNo).transform((v) => (v ? v.replace(/[\s-]/g, '') || null : null)),
  bankCode: draftText(3, L.bankCode),
  provinceCode: draftText(6, L.provinceCode),
  cityCode: draftText(6, L.cityCode),
  unionBankNo: draftText(12, L.unionBankNo),
});

/** The authentication form as drafted: every field may still be empty; submitting checks them all. */
export const authenticationInput = z
  .object({
    id: optionalId('认证申请'),
    enterpriseName: draftText(100, L.enterpriseName),
    uscc: draftText(18, L.uscc).transform((v) => (v ? v.toUpperCase() : null)),
    registeredAddress: draftText(200, L.registeredAddress),
    legalName: draftText(30, L.legalName),
    legalIdCard: draftText(18, L.legalIdCard).transform((v) => (v ? v.toUpperCase() : null)),
    contactName: draftText(30, L.contactName),
    contactMobile: draftText(11, L.contactMobile),
    contactEmail: draftText(100, L.contactEmail),
    licenceFileId: optionalId(L.licenceFileId),
    idFrontFileId: optionalId(L.idFrontFileId),
    idBackFileId: optionalId(L.idBackFileId),
  })
  .extend(accountFieldsInput.shape);
export type AuthenticationInput = z.output<typeof authenticationInput>;

export const accountChangeInput = accountFieldsInput.extend({
  changeReason: optionalTextSchema(200, '变更原因', { multiline: true }).nullable(),
  proofFileId: optionalId('证明材料'),
});
export type AccountChangeInput = z.output<typeof accountChangeInput>;

// Answers -------------------------------------------------------------------------------------------

const text = z.string().nullable();
const fileInfo = z.object({
  id: z.number().int(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  url: z.string(),
});

export const settlementAccountSchema = z.object({
  accountName: z.string(),
  accountNo: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  unionBankNo: z.string(),
  branchName: z.string(),
});
export const boundSettlementAccountSchema = settlementAccountSchema.extend({ boundAt: timestampSchema });

export const authenticationSchema = z.object({
  id: z.number().int(),
  enterpriseId: z.number().int(),
  status: z.enum(AUTHENTICATION_STATUSES),
  statusLabel: z.string(),
  enterpriseName: text,
  uscc: text,
  registeredAddress: text,
  legalName: text,
  legalIdCard: text,
  legalBirthDate: text,
  legalGender: z.enum(['M', 'F']).nullable(),
  contactName: text,
  contactMobile: text,
  contactEmail: text,
  licenceFileId: z.number().int().nullable(),
  idFrontFileId: z.number().int().nullable(),
  idBackFileId: z.number().int().nullable(),
  files: z.object({ licence: fileInfo.nullable(), idFront: fileInfo.nullable(), idBack: fileInfo.nullable() }),
  accountName: text,
  accountNo: text,
  bankCode: text,
  bankName: text,
  provinceCode: text,
  provinceName: text,
  cityCode: text,
  cityName: text,
  unionBankNo: text,
  branchName: text,
  rejectReason: text,
  submittedAt: timestampSchema.nullable(),
  decidedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const currentAuthenticationSchema = z.object({
  enterprise: z.object({ name: z.string(), uscc: text, certified: z.boolean(), certifiedAt: timestampSchema.nullable() }),
  pending: authenticationSchema.nullable(),
  editable: authenticationSchema.nullable(),
  approved: authenticationSchema.nullable(),
  virtualAccountNo: text,
  settlementAccount: boundSettlementAccountSchema.nullable(),
});

export const authenticationListItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(AUTHENTICATION_STATUSES),
  statusLabel: z.string(),
  enterpriseName: text,
  uscc: text,
  legalName: text,
  accountNo: text,
  bankName: text,
  rejectReason: text,
  submittedAt: timestampSchema.nullable(),
  decidedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export const authenticationPageSchema = pageOf(authenticationListItemSchema);

export const accountChangeRequestSchema = settlementAccountSchema.extend({
  id: z.number().int(),
  status: z.enum(ACCOUNT_CHANGE_STATUSES),
  statusLabel: z.string(),
  changeReason: z.string(),
  proofFileId: z.number().int().nullable(),
  proofFile: fileInfo.nullable(),
  rejectReason: text,
  createdAt: timestampSchema,
  decidedAt: timestampSchema.nullable(),
});
export const accountChangeInfoSchema = z.object({
  enterpriseName: text,
  certified: z.boolean(),
  account: boundSettlementAccountSchema.nullable(),
  pending: accountChangeRequestSchema.nullable(),
  history: z.array(accountChangeRequestSchema),
});
export const accountChangeSubmittedSchema = z.object({ id: z.number().int() });

// Operations ----------------------------------------------------------------------------------------

const tag = 'certification';

/** An enterprise's authentication and its settlement account change; a submission's detail is open to operators too. */
export const certificationApi = {
  current: endpoint({
    method: 'GET',
    path: '/api/authentication/current',
    tag,
    access: 'merchant',
    summary: '认证状态、可继续编辑的申请、虚拟账号与结算账户',
    answer: currentAuthenticationSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/authentication/list',
    tag,
    access: 'merchant',
    summary: '本企业的认证申请',
    query: pageQuerySchema,
    answer: authenticationPageSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/authentication/:id',
    tag,
    access: 'user',
    summary: '认证申请详情（本企业或运营人员）',
    params: idParams,
    answer: authenticationSchema,
  }),
  saveDraft: endpoint({
    method: 'POST',
    path: '/api/authentication/draft',
    tag,
    access: 'merchant',
    summary: '保存认证草稿',
    body: authenticationInput,
    answer: authenticationSchema,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/authentication/submit',
    tag,
    access: 'merchant',
    summary: '提交认证（或驳回后重新提交）',
    body: authenticationInput,
    answer: authenticationSchema,
  }),
  accountChangeInfo: endpoint({
    method: 'GET',
    path: '/api/system/modifyAccountInfo',
    tag,
    access: 'merchant',
    summary: '当前绑定的结算账户与变更申请',
    answer: accountChangeInfoSchema,
  }),
  submitAccountChange: endpoint({
    method: 'POST',
    path: '/api/system/modifyAccountInfo',
    tag,
    access: 'merchant',
    summary: '提交结算账户变更（运营审核）',
    body: accountChangeInput,
    answer: accountChangeSubmittedSchema,
  }),
};
