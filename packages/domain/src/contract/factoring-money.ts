// Factoring money (issue 36, 民法典 arts. 766–767): the collection of a factored invoice financing from its debtor,
// the settlement and rebate, the shortfall bought back (with recourse) or written off (without), misdirected
// payments. Served under /api/supplyloan/… (the supply-loan product keeps the financings).
import { z } from 'zod';
import { centsSchema, idempotencyKeyField, idParams, isoDateSchema, optionalTextSchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { timestampSchema } from './time.ts';

const cents = z.number().int().meta({ description: '金额，单位：分（整数）' });
const rowId = z.number().int();
const day = z.string().meta({ description: '日期 YYYY-MM-DD' });
const tag = '保理回款';

export const COLLECTION_KINDS = ['DEBTOR', 'MISDIRECTED', 'BUYBACK', 'WRITE_OFF'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];
export const COLLECTION_KIND_LABELS: Readonly<Record<CollectionKind, string>> = {
  DEBTOR: '债务人回款',
  MISDIRECTED: '误付回款转付',
  BUYBACK: '供应商回购',
  WRITE_OFF: '无追索权核销',
};

/** The collection state of a factored financing, in words the pages show. */
export const COLLECTION_STATES = [
  'AWAITING',
  'PARTLY_COLLECTED',
  'IN_GRACE',
  'BUYBACK_DUE',
  'WRITE_OFF_DUE',
  'COLLECTED',
  'BOUGHT_BACK',
  'WRITTEN_OFF',
  'SETTLED',
] as const;
export type CollectionState = (typeof COLLECTION_STATES)[number];
export const COLLECTION_STATE_LABELS: Readonly<Record<CollectionState, string>> = {
  AWAITING: '待债务人回款',
  PARTLY_COLLECTED: '部分回款',
  IN_GRACE: '已到期，宽限期内',
  BUYBACK_DUE: '回款不足，待供应商回购',
  WRITE_OFF_DUE: '回款不足，待核销（无追索权）',
  COLLECTED: '已回款结清',
  BOUGHT_BACK: '已回购结清',
  WRITTEN_OFF: '已核销（无追索权）',
  SETTLED: '已结清',
};

export const collectionRowSchema = z.object({
  id: rowId,
  kind: z.enum(COLLECTION_KINDS),
  kindLabel: z.string(),
  amount: cents,
  principal: cents,
  interest: cents,
  penalty: cents,
  rebate: cents,
  interestRefund: cents,
  payerName: z.string().nullable(),
  reference: z.string().nullable(),
  refNo: z.string().nullable(),
  collectedOn: day,
  createdAt: timestampSchema,
});

/** Settlement = collected − advanced − interest − fees − penalty: the rebate (with the interest given back). */
export const settlementSchema = z.object({
  collected: cents,
  advanced: cents,
  interest: cents,
  fees: cents,
  penalty: cents,
  rebate: cents,
  writtenOff: cents,
});

export const collectionPreviewSchema = z.object({
  asOf: day,
  owed: cents,
  amount: cents,
  repaid: cents,
  principal: cents,
  interest: cents,
  penalty: cents,
  interestRefund: cents,
  rebate: cents,
  shortfall: cents,
});

export const financingCollectionSchema = z.object({
  financingId: rowId,
  financingNo: z.string(),
  recourse: z.boolean(),
  recourseLabel: z.string(),
  graceDays: z.number().int(),
  dueDate: day,
  collectBy: day,
  debtorName: z.string(),
  receivable: cents,
  owedToday: cents,
  state: z.enum(COLLECTION_STATES),
  stateLabel: z.string(),
  /** What the debtor paying the whole receivable today would do (the figures the booking will answer). */
  preview: collectionPreviewSchema.nullable(),
  collections: z.array(collectionRowSchema),
  settlement: settlementSchema,
});

export const debtorOwedSchema = z.object({
  financingId: rowId,
  financingNo: z.string(),
  creditorName: z.string(),
  receivable: cents,
  paid: cents,
  stillToPay: cents,
  dueDate: day,
  payTo: z.string(),
  reference: z.string(),
  state: z.enum(COLLECTION_STATES),
  stateLabel: z.string(),
});

export const factoringDeskRowSchema = z.object({
  financingId: rowId,
  financingNo: z.string(),
  supplierName: z.string(),
  debtorName: z.string(),
  recourse: z.boolean(),
  dueDate: day,
  collectBy: day,
  receivable: cents,
  owedToday: cents,
  state: z.enum(COLLECTION_STATES),
  stateLabel: z.string(),
  buybackTaskId: rowId.nullable(),
});

export const factoringDeskSchema = z.object({
  shortfalls: z.array(factoringDeskRowSchema),
  collections: z.array(collectionRowSchema.extend({ financingId: rowId, financingNo: z.string(), supplierName: z.string() })),
});

export const misdirectedBody = z.object({
  amount: centsSchema('供应商收到的金额'),
  payerName: textSchema(100, '付款人'),
  receivedOn: isoDateSchema('收到日期').meta({ description: '供应商收到款项的日期' }),
  note: optionalTextSchema(200, '说明'),
  ...idempotencyKeyField,
});
export type MisdirectedBody = z.output<typeof misdirectedBody>;

export const factoringMoneyApi = {
  financingCollection: endpoint({
    method: 'GET',
    path: '/api/supplyloan/financings/:id/collection',
    tag,
    access: 'merchant',
    summary: '保理回款：追索权、回款、结算与返还（供应商本企业的融资）',
    params: idParams,
    answer: financingCollectionSchema,
  }),
  debtorOwed: endpoint({
    method: 'GET',
    path: '/api/supplyloan/factoring/owed',
    tag,
    access: 'merchant',
    summary: '债务人：已转让应收账款应付给谁、还应付多少',
    answer: z.array(debtorOwedSchema),
  }),
  factoringDesk: endpoint({
    method: 'GET',
    path: '/api/supplyloan/factoring/desk',
    tag,
    access: 'operator',
    summary: '保理回款台：回款、回款不足、回购与核销',
    answer: factoringDeskSchema,
  }),
  recordMisdirected: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings/:id/misdirected-payments',
    tag,
    access: 'operator',
    summary: '登记误付至供应商的债务人回款（另一位操作员复核后从供应商账户转付；幂等键）',
    params: idParams,
    body: misdirectedBody,
    answer: z.object({ taskId: rowId, owed: cents, forward: cents }),
  }),
};
