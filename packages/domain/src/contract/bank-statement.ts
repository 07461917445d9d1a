// The factor's collection account as the bank reports it (issue 26): statement import (a Chinese bank's
// online-banking CSV/Excel by a saved column mapping, or ISO 20022 camt.053), matching of its lines to
// deposits, transfer vouchers and pay-outs, the exceptions queue, payment batch files (CSV and
// pain.001) and the daily reconciliation against the ledger. Every operation is an operator's.
import { z } from 'zod';
import { RECONCILIATION_DAY_STATUSES, STATEMENT_LINE_STATUSES } from '../status/bank-statement.ts';
import { idempotencyKeyField, idSchema, isoDateSchema, optionalTextSchema, pageOf, pageQuerySchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { timestampSchema } from './time.ts';

/** An instant as ISO 8601 text (UTC): the answers of keyed calls are replayed as stored JSON, so they carry text, not a Date. */
const isoInstant = z.string().meta({ description: 'ISO 8601 时间（UTC）' });

// Formats ---------------------------------------------------------------------------------------------

/** The built-in formats: the demo bank's online-banking export and ISO 20022 camt.053. */
export const DEMO_BANK_FORMAT_CODE = 'DEMO';
export const CAMT053_FORMAT_CODE = 'CAMT053';

const columnName = (label: string) => optionalTextSchema(40, label);

/**
 * Where a bank's export keeps each field: the header text of its column. Money is either two
 * columns (借方发生额 / 贷方发生额) or one amount column — signed, or with a direction column whose
 * values in `creditMarkers` mean a credit (贷 / C / 收入 …).
 */
export const statementColumnsSchema = z.object({
  date: textSchema(40, '交易日期列'),
  time: columnName('交易时间列'),
  debit: columnName('借方发生额列'),
  credit: columnName('贷方发生额列'),
  amount: columnName('发生额列'),
  direction: columnName('借贷标志列'),
  balance: columnName('余额列'),
  counterpartyName: columnName('对方户名列'),
  counterpartyAccount: columnName('对方账号列'),
  counterpartyBank: columnName('对方开户行列'),
  memo: columnName('摘要列'),
  remark: columnName('附言列'),
  serialNo: columnName('流水号列'),
  subAccount: columnName('子账号列'),
});

/** The labels of the lines above the table: `账号:,1001…`, `期初余额:,1234.56` (a colon after the label is optional). */
export const statementMetaSchema = z.object({
  accountNo: columnName('账号标签'),
  /** `起止日期:,2026-10-01,2026-10-31`: the statement's period (else from its first and last line). */
  period: columnName('起止日期标签'),
  openingBalance: columnName('期初余额标签'),
  closingBalance: columnName('期末余额标签'),
});

export const statementFormatBody = z
  .object({
    code: z
      .string({ error: '请输入格式代码' })
      .trim()
      .regex(/^[A-Z][A-Z0-9_]{1,19}$/, '格式代码为 2–20 位大写字母、数字或下划线，以字母开头'),
    name: textSchema(40, '格式名称'),
    bankName: textSchema(60, '银行名称'),
    columns: statementColumnsSchema,
    creditMarkers: z.array(textSchema(10, '贷方标志')).max(10, '贷方标志最多 10 个').optional(),
    meta: statementMetaSchema.optional(),
    ...idempotencyKeyField,
  })
  .refine((f) => (f.columns.debit && f.columns.credit) || f.columns.amount, {
    message: '请配置借方、贷方发生额两列，或一个发生额列',
    path: ['columns', 'amount'],
  })
  .refine((f) => !f.columns.direction || (f.creditMarkers?.length ?? 0) > 0, {
    message: '配置了借贷标志列时，请填写表示贷方（收入）的标志',
    path: ['creditMarkers'],
  })
  .refine((f) => f.code !== DEMO_BANK_FORMAT_CODE && f.code !== CAMT053_FORMAT_CODE, {
    message: '内置格式不能修改，请使用其他格式代码',
    path: ['code'],
  });

export const statementFormatSchema = z.object({
  code: z.string(),
  name: z.string(),
  bankName: z.string(),
  kind: z.enum(['TABLE', 'CAMT053']),
  builtIn: z.boolean(),
  columns: statementColumnsSchema.nullable(),
  creditMarkers: z.array(z.string()),
  meta: statementMetaSchema.nullable(),
  updatedAt: isoInstant.nullable(),
});

// Import ----------------------------------------------------------------------------------------------

/** The largest statement file: 5 MB, as every upload (its base64 text is a third longer). */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

export const importStatementBody = z.object({
  formatCode: z
    .string({ error: '请选择对账单格式' })
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{1,19}$/, '对账单格式不正确'),
  fileName: textSchema(200, '文件名'),
  /** The file's bytes, base64. */
  content: z
    .string({ error: '请选择对账单文件' })
    .min(4, '对账单文件为空')
    .max(Math.ceil((MAX_STATEMENT_BYTES * 4) / 3) + 4, '对账单文件不能超过 5 MB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, '对账单文件内容不正确（应为 base64）'),
  ...idempotencyKeyField,
});

/** What a statement says of itself and what its import stored: the import's answer and the statement list share it. */
const statementFiguresShape = {
  accountNo: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  /** Lines in the file. */
  lineCount: z.number().int(),
  /** New lines stored; the rest were already stored (the same serial number or the same fields). */
  added: z.number().int(),
  duplicates: z.number().int(),
};

export const importResultSchema = z.object({
  statementId: z.number().int(),
  statementNo: z.string(),
  ...statementFiguresShape,
  /** The same file was imported before: nothing was stored again. */
  alreadyImported: z.boolean(),
  /** What the new lines found: booked entries, tasks waiting for a second operator, nothing. */
  matched: z.number().int(),
  pending: z.number().int(),
  unmatched: z.number().int(),
});

export const statementSchema = z.object({
  id: z.number().int(),
  statementNo: z.string(),
  formatCode: z.string(),
  fileName: z.string(),
  fileSha256: z.string(),
  ...statementFiguresShape,
  importedByName: z.string().nullable(),
  importedAt: timestampSchema,
  /** Voided (作废) by a second operator: its lines were removed and its file may be imported again. */
  voidedAt: timestampSchema.nullable(),
  voidReason: z.string().nullable(),
  /** A void waiting for a second operator (its 对账单作废 task), or null. */
  voidTaskId: z.number().int().nullable(),
});

/** The longest period one statement file may state (both days included): a bank's daily or monthly statement. */
export const MAX_STATEMENT_DAYS = 31;

export const voidStatementBody = z.object({
  reason: textSchema(200, '作废原因', { min: 2, multiline: true }),
  ...idempotencyKeyField,
});

export const voidStatementResultSchema = z.object({
  taskId: z.number().int(),
  statementId: z.number().int(),
  statementNo: z.string(),
});

// Lines -----------------------------------------------------------------------------------------------

export const MATCH_KINDS = ['RECEIPT', 'DEPOSIT_TASK', 'VOUCHER', 'PAYOUT'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];
export const MATCH_KIND_LABELS: Record<MatchKind, string> = {
  RECEIPT: '已入账收款',
  DEPOSIT_TASK: '入金复核',
  VOUCHER: '转账凭证',
  PAYOUT: '出款',
};

const filterDate = (label: string) => z.union([z.literal(''), isoDateSchema(label)]).optional();

export const statementLinesQuery = pageQuerySchema.extend({
  status: z.enum(STATEMENT_LINE_STATUSES).optional(),
  /** The exceptions queue: what operators still have to work (未匹配). */
  direction: z.enum(['CREDIT', 'DEBIT']).optional(),
  statementId: idSchema('对账单').optional(),
  startDate: filterDate('开始日期'),
  endDate: filterDate('结束日期'),
});

export const statementLineSchema = z.object({
  id: z.number().int(),
  statementId: z.number().int(),
  statementNo: z.string(),
  bookDate: z.string(),
  bookedAt: isoInstant,
  direction: z.enum(['CREDIT', 'DEBIT']),
  directionLabel: z.string(),
  amount: z.number().int(),
  balance: z.number().int().nullable(),
  counterpartyName: z.string().nullable(),
  counterpartyAccount: z.string().nullable(),
  counterpartyBank: z.string().nullable(),
  memo: z.string().nullable(),
  remark: z.string().nullable(),
  serialNo: z.string().nullable(),
  subAccount: z.string().nullable(),
  status: z.enum(STATEMENT_LINE_STATUSES),
  statusLabel: z.string(),
  matchKind: z.enum(MATCH_KINDS).nullable(),
  /** What it is linked to, in words: `入金复核 #12 · 上海鑫源贸易有限公司 622200…`. */
  matchLabel: z.string().nullable(),
  taskId: z.number().int().nullable(),
  note: z.string().nullable(),
  /** For an unmatched line: what came close and why it was not taken (`凭证 PV… 金额一致，付款账号不同`). */
  suggestion: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: isoInstant.nullable(),
});

export const lineCandidatesSchema = z.object({
  /** Virtual accounts the line names (memo, remark, sub-account) or whose enterprise is the payer. */
  accounts: z.array(z.object({ accountNo: z.string(), accountName: z.string() })),
  /** Waiting transfer vouchers of exactly this amount. */
  vouchers: z.array(
    z.object({
      /** The product's source of vouchers that holds it (with `id`, what an assignment names). */
      source: z.string(),
      id: z.number().int(),
      taskId: z.number().int().nullable(),
      label: z.string(),
      amount: z.number().int(),
      payerAccountName: z.string(),
      payerAccountNo: z.string(),
      reference: z.string(),
      /** What agrees with the line: 金额 always, 付款人 and 附言 when they do. */
      agrees: z.array(z.string()),
    }),
  ),
  /** Booked ledger lines of exactly this amount not yet seen on a statement: pay-outs for a debit, receipts for a credit. */
  entries: z.array(
    z.object({
      journalLineId: z.number().int(),
      kind: z.enum(['PAYOUT', 'RECEIPT']),
      label: z.string(),
      amount: z.number().int(),
      counterpartyName: z.string().nullable(),
      counterpartyAccount: z.string().nullable(),
      bookedAt: timestampSchema,
    }),
  ),
});

/**
 * Working an exception by hand: a credit to a virtual account (recorded as a deposit for a second
 * operator, four eyes) or to a waiting voucher; a line to a booked receipt or pay-out.
 */
export const assignLineBody = z.object({
  target: z.enum(['ACCOUNT', 'VOUCHER', 'PAYOUT', 'RECEIPT'], { error: '请选择关联对象' }),
  accountNo: optionalTextSchema(40, '虚拟账号'),
  /** The source of the voucher (`vouchers[].source` of the candidates). */
  voucherSource: optionalTextSchema(40, '凭证来源'),
  /** The voucher's id, or the booked ledger line's (`journalLineId` of the candidates). */
  targetId: idSchema('关联对象').optional(),
  ...idempotencyKeyField,
});

export const explainLineBody = z.object({
  note: textSchema(200, '说明', { min: 2, multiline: true }),
  ...idempotencyKeyField,
});

export const reopenLineBody = z.object({ ...idempotencyKeyField }).optional();

// Pay-outs and payment batches ------------------------------------------------------------------------

export const PAYOUT_BANK_STATUSES = ['EXECUTED', 'EXPORTED', 'PAID'] as const;

export const payoutsQuery = pageQuerySchema.extend({ bankStatus: z.enum(PAYOUT_BANK_STATUSES).optional() });

export const payoutSchema = z.object({
  journalLineId: z.number().int(),
  refNo: z.string(),
  /** 提现出款, 定向支付 … */
  kindLabel: z.string(),
  amount: z.number().int(),
  payeeName: z.string().nullable(),
  payeeAccount: z.string().nullable(),
  /** The payee's bank (branch) as the payment file names it; null when it cannot be known. */
  payeeBank: z.string().nullable(),
  /** Why a pay-out waiting for export cannot go into a payment file (no payee bank …); null when it can. */
  exportRefusal: z.string().nullable(),
  executedAt: timestampSchema,
  bankStatus: z.enum(PAYOUT_BANK_STATUSES),
  bankStatusLabel: z.string(),
  batchNo: z.string().nullable(),
  paidLineId: z.number().int().nullable(),
  paidOn: z.string().nullable(),
});

export const createBatchBody = z.object({ ...idempotencyKeyField });

export const paymentBatchSchema = z.object({
  id: z.number().int(),
  batchNo: z.string(),
  itemCount: z.number().int(),
  totalAmount: z.number().int(),
  paidCount: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: isoInstant,
});

/** A new batch, with the pay-outs left out of it and why (issue 37: no line without a payee bank goes into a file). */
export const createdBatchSchema = paymentBatchSchema.extend({
  refused: z.array(z.object({ refNo: z.string(), payeeName: z.string().nullable(), reason: z.string() })),
});

export const batchFileQuery = z.object({ format: z.enum(['csv', 'pain001'], { error: '文件格式应为 csv 或 pain001' }) });

// Reconciliation --------------------------------------------------------------------------------------

export const reconciliationQuery = pageQuerySchema.extend({ status: z.enum(RECONCILIATION_DAY_STATUSES).optional() });

export const reconciliationDaySchema = z.object({
  date: z.string(),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  credits: z.number().int(),
  debits: z.number().int(),
  /** The ledger's factor bank account (BANK_CASH) that China day: money in (debits) and out (credits). */
  ledgerReceipts: z.number().int(),
  ledgerPayouts: z.number().int(),
  /** (closing − opening) − (ledger in − ledger out). */
  difference: z.number().int(),
  /**
   * The part of the difference that is items in transit (issue 37): new ones (booked, not yet on the statement;
   * on the statement, not yet booked) less those the day cleared. The day is 已平 when difference = transitChange.
   */
  transitChange: z.number().int(),
  /** The part of the difference operators explained (lines marked 已说明). */
  explained: z.number().int(),
  status: z.enum(RECONCILIATION_DAY_STATUSES),
  statusLabel: z.string(),
  itemCount: z.number().int(),
  /** Items in transit at the day's end (carried from earlier days too), and their net (statement side less ledger side). */
  inTransitCount: z.number().int(),
  inTransitNet: z.number().int(),
  computedAt: timestampSchema,
});

export const reconciliationItemSchema = z.object({
  /** A statement line the ledger has no counterpart for that day, or a ledger line the statement lacks. */
  source: z.enum(['STATEMENT', 'LEDGER']),
  lineId: z.number().int().nullable(),
  journalLineId: z.number().int().nullable(),
  direction: z.enum(['IN', 'OUT']),
  amount: z.number().int(),
  counterpartyName: z.string().nullable(),
  counterpartyAccount: z.string().nullable(),
  memo: z.string().nullable(),
  at: z.string(),
  reason: z.string(),
  /** A new item in transit carried from this day, an earlier one this day clears, or neither (a real difference). */
  transit: z.enum(['IN_TRANSIT', 'CLEARED']).nullable(),
});

/** An item in transit at a day's end: seen by one side (since), not yet by the other; its age in days. */
export const transitItemSchema = z.object({
  source: z.enum(['STATEMENT', 'LEDGER']),
  lineId: z.number().int().nullable(),
  journalLineId: z.number().int().nullable(),
  direction: z.enum(['IN', 'OUT']),
  amount: z.number().int(),
  counterpartyName: z.string().nullable(),
  counterpartyAccount: z.string().nullable(),
  memo: z.string().nullable(),
  since: z.string(),
  ageDays: z.number().int(),
  /** The later day the other side showed it (known when the day asked about is in the past); null while open. */
  clearsOn: z.string().nullable(),
  reason: z.string(),
});

export const reconciliationDayDetailSchema = reconciliationDaySchema.extend({
  items: z.array(reconciliationItemSchema),
  inTransit: z.array(transitItemSchema),
});

export const reconciliationDateParams = z.object({ date: isoDateSchema('对账日期') });

export const bankSummarySchema = z.object({
  unmatchedLines: z.number().int(),
  pendingLines: z.number().int(),
  unreconciledDays: z.number().int(),
  /** The earliest day that does not reconcile (null when every day does). */
  oldestUnreconciledDate: z.string().nullable(),
  payoutsToExport: z.number().int(),
  lastImportedAt: timestampSchema.nullable(),
  lastBookDate: z.string().nullable(),
});

// The operations -------------------------------------------------------------------------------------

const tag = 'bank';

export const bankStatementApi = {
  formats: endpoint({
    method: 'GET',
    path: '/api/bpm/bank/formats',
    tag,
    access: 'operator',
    summary: '对账单格式：内置演示银行与 camt.053，及各银行保存的列映射',
    answer: z.array(statementFormatSchema),
  }),
  saveFormat: endpoint({
    method: 'POST',
    path: '/api/bpm/bank/formats',
    tag,
    access: 'operator',
    summary: '保存一家银行的对账单列映射（按格式代码新增或修改）',
    body: statementFormatBody,
    answer: statementFormatSchema,
  }),
  importStatement: endpoint({
    method: 'POST',
    path: '/api/bpm/bank/statements/import',
    tag,
    access: 'operator',
    summary: '导入保理收款账户对账单（CSV/Excel/camt.053），逐笔去重并自动匹配',
    body: importStatementBody,
    answer: importResultSchema,
  }),
  statements: endpoint({
    method: 'GET',
    path: '/api/bpm/bank/statements',
    tag,
    access: 'operator',
    summary: '已导入的对账单',
    query: pageQuerySchema,
    answer: pageOf(statementSchema),
  }),
  voidStatement: endpoint({
    method: 'POST',
    path: '/api/bpm/bank/statements/:id/void',
    tag,
    access: 'operator',
    summary: '申请作废对账单（流水均未匹配时）：由另一位操作员在待办中审批后生效',
    params: z.object({ id: idSchema('对账单') }),
    body: voidStatementBody,
    answer: voidStatementResultSchema,
  }),
  lines: endpoint({
    method: 'GET',
    path: '/api/bpm/bank/lines',
    tag,
    access: 'operator',
    summary: '对账单流水（按状态筛选：未匹配即异常队列）',
    query: statementLinesQuery,
    answer: pageOf(statementLineSchema),
  }),
  candidates: endpoint({
    method: 'GET',
    path: '/api/bpm/bank/lines/:id/candidates',
    tag,
    access: 'operator',
    summary: '一笔流水可关联的对象：虚拟账户、待确认凭证、已记账的收付款',
    params: z.object({ id: idSchema('流水') }),
    answer: lineCandidatesSchema,
  }),
  assign: endpoint({
    method: 'POST',
    path: '/api/bpm/bank/lines/:id/assign',
    tag,
    access: 'operator',
    summary: '手工关联流水：入虚拟账户（待另一位操作员复核）、关联凭证或已记账的收付款',
    params: z.object({ id: idSchema('流水') }),
    body: assignLineBody,
    answer: statementLineSchema,
  }),
  explain: endpoint({
    method: 'POST',
    path: '/api/bpm/bank/lines/:id/explain',
    tag,
    access: 'operator',
    summary: '将流水标记为已说明（附说明）',
    params: z.object({ id: idSchema('流水') }),
    body: explainLineBody,
    answer: statementLineSchema,
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/api/bpm/bank/lines/:id/reopen',
    tag,
    access: 'operator',
    summary: '撤销说明，流水回到异常队列',
    params: z.object({ id: idSchema('流水') }),
    body: reopenLineBody,
    answer: statementLineSchema,
  }),
  payouts: endpoint({
    method: 'GET',
    path: '/api/bpm/bank/payouts',
    tag,
    access: 'operator',
    summary: '出款（提现、定向支付）：待导出、已导出、银行已付款',
    query: payoutsQuery,
    answer: pageOf(payoutSchema),
  }),
  createBatch: endpoint({
    method: 'POST',
    path: '/api/bpm/bank/payment-batches',
    tag,
    access: 'operator',
    summary: '生成付款批次：全部待导出的出款',
    body: createBatchBody,
    answer: createdBatchSchema,
  }),
  batches: endpoint({
    method: 'GET',
    path: '/api/bpm/bank/payment-batches',
    tag,
    access: 'operator',
    summary: '付款批次',
    query: pageQuerySchema,
    answer: pageOf(paymentBatchSchema),
  }),
  batchFile: endpoint({
    method: 'GET',
    path: '/api/bpm/bank/payment-batches/:id/file',
    tag,
    access: 'operator',
    summary: '下载付款批次文件（演示银行 CSV 或 ISO 20022 pain.001）',
    params: z.object({ id: idSchema('付款批次') }),
    query: batchFileQuery,
    answer: { binary: ['text/csv', 'application/xml'] },
  }),
  reconciliation: endpoint({
    method: 'GET',
    path: '/api/bpm/bank/reconciliation',
    tag,
    access: 'operator',
    summary: '每日对账：对账单期初期末与账簿银行存款发生额',
    query: reconciliationQuery,
    answer: pageOf(reconciliationDaySchema),
  }),
  reconciliationDay: endpoint({
    method: 'GET',
    path: '/api/bpm/bank/reconciliation/:date',
    tag,
    access: 'operator',
    summary: '一天的对账差异及其流水',
    params: reconciliationDateParams,
    answer: reconciliationDayDetailSchema,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/bpm/bank/summary',
    tag,
    access: 'operator',
    summary: '银行对账概况：未匹配流水、未平日期、待导出出款',
    answer: bankSummarySchema,
  }),
};
