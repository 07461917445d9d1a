// The debtor's part of a factored receivable (issue 36, PRODUCT §13): its confirmation (确权) and the
// notices of assignment and release. The debtor — the core enterprise that owes the invoice — confirms
// or disputes in its inbox and acknowledges the notices it received; the supplier reads the proofs of its
// financings; the operator holds, arms and sends notices and sees the disputes.
import { z } from 'zod';
import { CONFIRMATION_CHANNELS, CONFIRMATION_STATUSES, NOTICE_MODES, NOTICE_STATUSES, NOTICE_TRIGGERS } from '../status/assignment.ts';
import { FINANCED_ASSET_STATUSES } from '../status/receivables.ts';
import {
  idempotencyKeyField,
  idParams,
  idSchema,
  isoDateSchema,
  moneyConfirmationFields,
  optionalTextSchema,
  pageOf,
  pageQuerySchema,
  textSchema,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { timestampSchema } from './time.ts';

const cents = z.number().int().meta({ description: '金额，单位：分（整数）' });
const day = z.string().meta({ description: '日期 YYYY-MM-DD' });

/** Receivables to answer about: a JSON array or comma-separated ids, at most 20 in one batch. */
const assetIds = z
  .union([z.array(z.union([z.number(), z.string()])), z.string()], { error: '请选择应收账款' })
  .transform((v) => (Array.isArray(v) ? v : v.split(',').filter((s) => s.trim() !== '')))
  .pipe(z.array(idSchema('应收账款')).min(1, '请选择应收账款').max(20, '一次最多处理 20 笔应收账款'))
  .meta({ description: '应收账款（已融资资产）编号，一次最多 20 笔' });

/** The debtor's view of the answer about a receivable: PENDING while it has not answered. */
export const CONFIRMATION_VIEW_STATUSES = ['PENDING', ...CONFIRMATION_STATUSES] as const;
export const CONFIRMATION_VIEW_LABELS: Readonly<Record<(typeof CONFIRMATION_VIEW_STATUSES)[number], string>> = {
  PENDING: '待确权',
  CONFIRMED: '已确权',
  DISPUTED: '有争议',
};

/** A receivable assigned to the factor, as its debtor sees it in its inbox. */
export const confirmationItemSchema = z.object({
  assetId: z.number().int(),
  label: z.string(),
  invoiceCode: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  issueDate: day.nullable(),
  amount: cents,
  dueDate: day.nullable(),
  creditorName: z.string(),
  financingNo: z.string(),
  assetStatus: z.enum(FINANCED_ASSET_STATUSES),
  assetStatusLabel: z.string(),
  status: z.enum(CONFIRMATION_VIEW_STATUSES),
  statusLabel: z.string(),
  /** 已确权: what it confirmed, who and when, its letter. */
  confirmedAmount: cents.nullable(),
  confirmedDueDate: day.nullable(),
  confirmedByName: z.string().nullable(),
  confirmedAt: timestampSchema.nullable(),
  letterContractId: z.number().int().nullable(),
  letterNo: z.string().nullable(),
  disputeReason: z.string().nullable(),
  disputedByName: z.string().nullable(),
  disputedAt: timestampSchema.nullable(),
  /** Whom to pay: the factor's collection account once the debtor was notified, else the creditor. */
  payTo: z.string(),
});
export type ConfirmationItem = z.output<typeof confirmationItemSchema>;

export const confirmationInboxQuery = pageQuerySchema.extend({
  status: z.enum(CONFIRMATION_VIEW_STATUSES).optional(),
});

export const confirmBody = z.object({ assetIds, ...moneyConfirmationFields });
export const disputeBody = z.object({
  assetIds,
  reason: textSchema(200, '异议理由', { multiline: true }).meta({ description: '异议理由' }),
  ...moneyConfirmationFields,
});

export const confirmedSchema = z.object({
  assetId: z.number().int(),
  label: z.string(),
  status: z.enum(CONFIRMATION_STATUSES),
  letterNo: z.string().nullable(),
});
export const confirmAnswer = z.object({ items: z.array(confirmedSchema) });
export const disputeAnswer = z.object({
  items: z.array(confirmedSchema),
  /** Held notices armed for a dispute, sent by it. */
  noticesSent: z.array(z.string()),
});

const collectionAccountSchema = z.object({ accountName: z.string(), bankBranchName: z.string(), accountNo: z.string() });

/** A notice of assignment or of release. */
export const noticeSchema = z.object({
  id: z.number().int(),
  noticeNo: z.string(),
  kind: z.enum(['ASSIGNMENT', 'RELEASE']),
  kindLabel: z.string(),
  mode: z.enum(NOTICE_MODES),
  modeLabel: z.string(),
  financingNo: z.string(),
  supplierName: z.string(),
  debtorName: z.string(),
  receivables: z.array(z.object({ label: z.string(), amount: cents, dueDate: day.nullable() })),
  amount: cents,
  collectionAccount: collectionAccountSchema,
  status: z.enum(NOTICE_STATUSES),
  statusLabel: z.string(),
  sendOn: z.enum(NOTICE_TRIGGERS).nullable(),
  sendOnLabel: z.string().nullable(),
  sentReason: z.string().nullable(),
  channel: z.string().nullable(),
  channelLabel: z.string().nullable(),
  deliveredTo: z.string().nullable(),
  deliveryRef: z.string().nullable(),
  deliveredBy: z.string().nullable(),
  sentAt: timestampSchema.nullable(),
  acknowledgedByName: z.string().nullable(),
  acknowledgedAt: timestampSchema.nullable(),
  contractNo: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: timestampSchema,
});
export type NoticeView = z.output<typeof noticeSchema>;

export const noticeQuery = pageQuerySchema.extend({ status: z.enum(NOTICE_STATUSES).optional() });

export const acknowledgeBody = z.object({ ...moneyConfirmationFields });

/** The supplier's financings and their debtor's proofs (tags on its financing list). */
export const assignmentProofQuery = z.object({
  financingIds: z
    .union([z.array(z.union([z.number(), z.string()])), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(',').filter((s) => s.trim() !== '')))
    .pipe(z.array(idSchema('融资')).max(200, '一次最多查询 200 笔融资'))
    .meta({ description: '融资编号（id），逗号分隔' }),
});
export const assignmentProofSchema = z.object({
  financingId: z.number().int(),
  receivables: z.number().int(),
  confirmed: z.number().int(),
  disputed: z.number().int(),
  pending: z.number().int(),
  disputeReasons: z.array(z.string()),
  notice: z
    .object({
      noticeNo: z.string(),
      status: z.enum(NOTICE_STATUSES),
      statusLabel: z.string(),
      mode: z.enum(NOTICE_MODES),
      modeLabel: z.string(),
    })
    .nullable(),
  /** What the list shows: 已确权 / 待确权 / 有争议, 已通知 / 通知已确认收到 / 暗保理留存 … */
  tags: z.array(z.object({ text: z.string(), tone: z.enum(['success', 'processing', 'warning', 'error', 'default']) })),
});

/** The operator's desk of confirmations (the disputes first). */
export const deskConfirmationSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  debtorName: z.string(),
  creditorName: z.string(),
  financingNo: z.string(),
  status: z.enum(CONFIRMATION_STATUSES),
  statusLabel: z.string(),
  amount: cents.nullable(),
  dueDate: day.nullable(),
  letterNo: z.string().nullable(),
  channel: z.enum(CONFIRMATION_CHANNELS),
  channelLabel: z.string(),
  disputeReason: z.string().nullable(),
  byName: z.string().nullable(),
  at: timestampSchema.nullable(),
});
export const deskConfirmationQuery = pageQuerySchema.extend({ status: z.enum(CONFIRMATION_STATUSES).optional() });

/** A receivable a financing holds that its debtor has not answered about yet (the operator's 待确权 list). */
export const pendingConfirmationSchema = z.object({
  assetId: z.number().int(),
  label: z.string(),
  debtorName: z.string(),
  creditorName: z.string(),
  financingNo: z.string(),
  amount: cents,
  dueDate: day.nullable(),
  /** Whether the debtor has a user who can confirm in the portal; without one, only a paper letter can. */
  debtorHasUser: z.boolean(),
  /** The financing's notice mode, where a notice was drawn up (暗保理: the debtor is not told, paper only). */
  noticeMode: z.enum(NOTICE_MODES).nullable(),
  noticeModeLabel: z.string().nullable(),
});

export type PendingConfirmation = z.output<typeof pendingConfirmationSchema>;

/** The debtor's stamped paper letter (确认函 or 询证函), scanned and recorded by the operator as its confirmation. */
export const paperConfirmationBody = z.object({
  assetId: idSchema('应收账款').meta({ description: '应收账款（已融资资产）编号' }),
  uploadId: idSchema('确认函扫描件').meta({ description: '债务人盖章的确认函扫描件（PDF 或图片）' }),
  signedOn: isoDateSchema('确认函签署日期').meta({ description: '债务人签署确认函的日期' }),
  note: optionalTextSchema(200, '说明', { multiline: true }).meta({ description: '说明（如原件存放处）' }),
  ...idempotencyKeyField,
});

export const sendNoticeBody = z.object({
  note: optionalTextSchema(200, '说明', { multiline: true }).meta({ description: '说明' }),
  ...idempotencyKeyField,
});
export const armNoticeBody = z.object({
  sendOn: z.enum(NOTICE_TRIGGERS, { error: '请选择发送条件' }).meta({ description: '发送条件' }),
  ...idempotencyKeyField,
});

const tag = 'receivables';

export const confirmationsApi = {
  inbox: endpoint({
    method: 'GET',
    path: '/api/receivables/confirmations',
    tag,
    access: 'merchant',
    summary: '债务人：转让给保理商的应收账款（待确权、已确权、有争议）',
    query: confirmationInboxQuery,
    answer: pageOf(confirmationItemSchema),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/receivables/confirmations/confirm',
    tag,
    access: 'merchant',
    summary: '债务人确权：确认金额、到期日、无抵销无争议，签署应收账款确认函（可批量）',
    body: confirmBody,
    answer: confirmAnswer,
  }),
  dispute: endpoint({
    method: 'POST',
    path: '/api/receivables/confirmations/dispute',
    tag,
    access: 'merchant',
    summary: '债务人对应收账款提出异议（可批量），异议的应收账款不予融资',
    body: disputeBody,
    answer: disputeAnswer,
  }),
  notices: endpoint({
    method: 'GET',
    path: '/api/receivables/notices',
    tag,
    access: 'merchant',
    summary: '债务人：收到的应收账款转让通知书与解除转让通知',
    query: noticeQuery,
    answer: pageOf(noticeSchema),
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: '/api/receivables/notices/:id/acknowledge',
    tag,
    access: 'merchant',
    summary: '债务人确认收到通知',
    params: idParams,
    body: acknowledgeBody,
    answer: noticeSchema,
  }),
  proofs: endpoint({
    method: 'GET',
    path: '/api/receivables/assignment-proofs',
    tag,
    access: 'merchant',
    summary: '供应商：融资项下应收账款的确权与通知情况',
    query: assignmentProofQuery,
    answer: z.array(assignmentProofSchema),
  }),
  noticeDesk: endpoint({
    method: 'GET',
    path: '/api/receivables/notices/desk',
    tag,
    access: 'operator',
    summary: '转让通知台账：待签署、待会签、暗保理留存、已送达、已确认收到、解除通知',
    query: noticeQuery,
    answer: pageOf(noticeSchema),
  }),
  sendNotice: endpoint({
    method: 'POST',
    path: '/api/receivables/notices/:id/send',
    tag,
    access: 'operator',
    summary: '发送留存的转让通知或待发送的解除通知',
    params: idParams,
    body: sendNoticeBody,
    answer: noticeSchema,
  }),
  armNotice: endpoint({
    method: 'POST',
    path: '/api/receivables/notices/:id/trigger',
    tag,
    access: 'operator',
    summary: '设置暗保理通知的发送条件（逾期、异议或仅手动）',
    params: idParams,
    body: armNoticeBody,
    answer: noticeSchema,
  }),
  confirmationDesk: endpoint({
    method: 'GET',
    path: '/api/receivables/confirmations/desk',
    tag,
    access: 'operator',
    summary: '确权台账：债务人的确权与异议（异议在前）',
    query: deskConfirmationQuery,
    answer: pageOf(deskConfirmationSchema),
  }),
  pendingDesk: endpoint({
    method: 'GET',
    path: '/api/receivables/confirmations/pending',
    tag,
    access: 'operator',
    summary: '待确权台账：融资项下债务人尚未确权或提出异议的应收账款',
    query: pageQuerySchema,
    answer: pageOf(pendingConfirmationSchema),
  }),
  recordPaper: endpoint({
    method: 'POST',
    path: '/api/receivables/confirmations/paper',
    tag,
    access: 'operator',
    summary: '登记纸质确权：债务人盖章的确认函扫描件（无平台用户的债务人、暗保理）',
    body: paperConfirmationBody,
    answer: confirmedSchema,
  }),
};
