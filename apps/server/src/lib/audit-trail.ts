import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { formatYuan, NOTICE_TRIGGER_LABELS } from '@factoring/domain';
import { AGING_BUCKET_LABELS, type Endpoint } from '@factoring/domain/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

// The factor's audit trail (issue 24): every operator action that changes something — money, prices,
// limits, switches, users, settings — is recorded once by the shared mechanism (lib/serve.ts), not by
// each route. The bpm area writes the rows (its `auditTrail`, registered with `useAuditTrail`); lib/
// only says what an action is and keeps passwords and keys out of what is recorded.

/** Whether calls of an endpoint are recorded in the audit trail: an operator's state-changing call. */
export const isAudited = (endpoint: Pick<Endpoint, 'access' | 'method'>) => endpoint.access === 'operator' && endpoint.method !== 'GET';

/** How an operator action ended: done, refused (a business rule, a bad input, no right), or failed (a server error). */
export type AuditOutcome = 'OK' | 'REFUSED' | 'FAILED';

/** The action being served, as the request's code sees it (writeAudit stamps its rows with it). */
export interface AuditScope {
  actorId: number;
  /** `POST /api/bpm/tasks/:id/approve` */
  operation: string;
  /** The endpoint's summary: what the action is, in Chinese. */
  operationLabel: string;
  /** Rows the action wrote itself (a task decision, a setting's before/after): then no generic row is added. */
  recorded: number;
}

const scopes = new AsyncLocalStorage<AuditScope>();

/** The operator action this code runs in (null outside one). */
export const currentAuditScope = (): AuditScope | null => scopes.getStore() ?? null;

/** Runs a handler inside its action's scope. */
export const inAuditScope = <T>(scope: AuditScope, work: () => T): T => scopes.run(scope, work);

/** One operator action, as the trail records it. */
export interface AuditRecord {
  actor: { id: number; name: string; ip?: string };
  /** The endpoint's tag: the area it belongs to (`funds`, `pledge`…). */
  area: string;
  operation: string;
  operationLabel: string;
  /** The ids the action names (path parameters, else the body's id): `12`, `id=12`. */
  target: string;
  /** The body with secrets removed, long texts cut (jsonb). */
  body: unknown;
  /** The body in words: `入金金额 ¥1,000.00；付款人户名 上海某某`. */
  detail: string;
  outcome: AuditOutcome;
  /** The refusal or failure message. */
  message: string | null;
}

/** Where an app's trail is written (the bpm area's writer). */
export interface AuditTrail {
  record(entry: AuditRecord): Promise<void>;
}

// One trail per app: keyed by its HTTP server, which every plugin context of one app shares.
const trails = new WeakMap<object, AuditTrail>();

/** Sets the app's audit trail writer (the bpm routes do, app.ts registers them). */
export function useAuditTrail(app: FastifyInstance, trail: AuditTrail): void {
  trails.set(app.server, trail);
}

export const auditTrailOf = (request: FastifyRequest): AuditTrail | undefined => trails.get(request.server.server);

// What is recorded of a body ---------------------------------------------------------------------------

/** Keys whose values are never recorded: passwords, keys, tokens, secrets (idempotency keys too). */
const SECRET = /password|passwd|pwd|secret|token|cipher|captcha|^(otp|pin)$|key$/i;
const MAX_TEXT = 200;
const MAX_ITEMS = 20;
const MAX_KEYS = 50;

/**
 * What PostgreSQL cannot store or a reader should not get raw: NUL and the other control characters
 * (C0, DEL, C1) and unpaired surrogates (jsonb refuses them).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A text as recorded (issue 33): those characters escaped as `\u0000`, cut at `max` characters. */
export function escapeText(text: string, max = MAX_TEXT): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut.replace(UNSAFE_CHARS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// Files (issue 37): an uploaded file's bytes are never recorded, only what identifies them.

/** Keys naming the file beside its content (`fileName` next to `content`). */
const FILE_NAME_KEYS = ['fileName', 'filename', 'name'];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+;base64,/;

/**
 * Whether a text is a file's content: a `data:…;base64,` URL, or base64 of 256 characters or more with
 * capitals, small letters and digits in it (a text of another kind has spaces or punctuation, or is
 * not that mixed: `xxx…` stays a text).
 */
export function isFileContent(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 256) return false;
  if (DATA_URL.test(value)) return true;
  return value.length % 4 === 0 && BASE64.test(value) && /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value);
}

/** A file as recorded: its name (from a field beside it), size in bytes and SHA-256 of its bytes. */
export interface RecordedFile {
  名称: string | null;
  大小: number;
  'SHA-256': string;
}

export function recordedFile(content: string, name: unknown): RecordedFile {
  const bytes = Buffer.from(content.replace(DATA_URL, ''), 'base64');
  return {
    名称: typeof name === 'string' && name ? escapeText(name) : null,
    大小: bytes.length,
    'SHA-256': createHash('sha256').update(bytes).digest('hex'),
  };
}

/** Whether a body carries a file (its fields, or a list's items): such a call is recorded with it even when it wrote rows of its own. */
export function carriesFile(body: unknown): boolean {
  if (isFileContent(body)) return true;
  if (!body || typeof body !== 'object') return false;
  return Object.values(body as Record<string, unknown>).some(
    (v) => isFileContent(v) || (Array.isArray(v) && v.slice(0, MAX_ITEMS).some(isFileContent)),
  );
}

const fileNameOf = (object: Record<string, unknown>) => FILE_NAME_KEYS.map((k) => object[k]).find((v) => typeof v === 'string');

/**
 * The body as recorded: secrets replaced by `***`, a file's content by its name, size and SHA-256
 * (issue 37; rows written before keep what they hold), texts (keys too) escaped and cut at 200
 * characters, at most 20 items per list and 50 fields per object, 4 levels deep, numbers JSON
 * cannot hold as text.
 */
export function safeDigest(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (isFileContent(value)) return recordedFile(value, null);
  if (typeof value === 'string') return escapeText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return typeof value === 'boolean' ? value : escapeText(String(value));
  if (depth >= 4) return '…';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => safeDigest(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(object)
      .slice(0, MAX_KEYS)
      .map(([k, v]) => [
        escapeText(k),
        SECRET.test(k) ? '***' : isFileContent(v) ? recordedFile(v, fileNameOf(object)) : safeDigest(v, depth + 1),
      ]),
  );
}

// The words of the audited fields -----------------------------------------------------------------------

/**
 * The Chinese word of every field of an audited operation's body (issue 37), where the contract's
 * schema carries none (`centsSchema('入金金额')` does: its description is the label). One map for
 * every operation `isAudited` selects; `audit-trail.test.ts` walks each one's schema and fails on a
 * field (or an enum value) without its word, so a new field cannot reach the trail in English.
 * Secrets (passwords, keys) are never recorded and need none.
 */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  id: '编号',
  // Money entering, collections
  accountNo: '账号',
  payerName: '付款人户名',
  payerAccountNo: '付款人账号',
  memo: '备注',
  reason: '原因',
  comment: '意见',
  // Switches, content, jobs, prices
  enabled: '开通',
  source: '价格来源',
  priceDate: '价格日期',
  groupName: '分组',
  question: '问题',
  answer: '回答',
  highlight: '重点展示',
  published: '发布',
  sortOrder: '排序',
  businessDate: '业务日期',
  // Bank statements: import, formats (the columns' words: inside 列映射（…）), lines
  formatCode: '对账单格式',
  fileName: '文件名',
  content: '对账单文件',
  note: '说明',
  target: '关联方式',
  voucherSource: '凭证来源',
  code: '格式代码',
  name: '格式名称',
  bankName: '银行',
  columns: '列映射',
  date: '日期',
  time: '时间',
  debit: '借方金额',
  credit: '贷方金额',
  amount: '金额',
  direction: '借贷方向',
  balance: '余额',
  counterpartyName: '对方户名',
  counterpartyAccount: '对方账号',
  counterpartyBank: '对方开户行',
  remark: '附言',
  serialNo: '流水号',
  subAccount: '子账号',
  creditMarkers: '贷方标记',
  meta: '表头信息',
  period: '账期',
  openingBalance: '期初余额',
  closingBalance: '期末余额',
  // Risk limits and the reserve
  maxLeveragePpm: '风险资产与净资产之比上限',
  maxDebtorSharePpm: '单一债务人占比上限',
  maxRelatedSharePpm: '关联方占比上限',
  warningLevelPpm: '预警水平',
  relatedPartyIds: '关联方企业',
  reserveRatesPpm: '各账龄段计提比例',
  ...AGING_BUCKET_LABELS,
  // Site configuration
  factoringAccount: '保理收款账户',
  secondAccount: '备用收款账户',
  accountName: '户名',
  bankBranchName: '开户行',
  virtualAccountBankName: '虚拟账户开户行',
  fees: '手续费',
  contactPhone: '联系电话',
  address: '地址',
  companyIntro: '公司简介',
  cloudLoanEnabled: '银行云贷开关',
  embeds: '嵌入页面',
  riskLimits: '风险限额',
  title: '标题',
  url: '地址',
};

/** The words of an enum field's values (`target: ACCOUNT` → 入虚拟账户), by field; the same test checks them. */
export const AUDIT_VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  target: { ACCOUNT: '入虚拟账户', VOUCHER: '关联凭证', PAYOUT: '已记账的付款', RECEIPT: '已记账的收款' },
  // Issue 36: what sends a held (暗保理) notice of assignment.
  sendOn: NOTICE_TRIGGER_LABELS,
};

type ZodDef = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

type FieldKind = 'money' | 'ppm' | 'times' | 'plain';
type Field = { label: string | null; kind: FieldKind };

/** The label and kind of a body field from its schema (`centsSchema('入金金额')` → 入金金额, money), else the map. */
function fieldOf(key: string, schema: z.ZodType | undefined): Field {
  const rate: FieldKind = key === 'maxLeveragePpm' ? 'times' : /Ppm$/.test(key) ? 'ppm' : 'plain';
  let cur: z.ZodType | undefined = schema;
  for (let i = 0; i < 8 && cur; i++) {
    const description = z.globalRegistry.get(cur)?.description;
    if (typeof description === 'string') {
      const label = description.split(/[，（：(]/)[0] || null;
      const kind = description.includes('单位：分') ? 'money' : description.includes('百万分之一') ? 'ppm' : rate;
      return { label: label && /[\u4e00-\u9fff]/.test(label) ? label : (AUDIT_FIELD_LABELS[key] ?? null), kind };
    }
    const def = defOf(cur);
    cur = def.innerType ?? def.in;
  }
  return { label: AUDIT_FIELD_LABELS[key] ?? null, kind: rate };
}

/** A schema through its wrappers (optional, default, pipe, nullable): an object's shape, a list's element. */
function unwrap(schema: z.ZodType | undefined): { shape?: Record<string, z.ZodType>; element?: z.ZodType; values?: string[] } {
  let cur: z.ZodType | undefined = schema;
  for (let i = 0; i < 8 && cur; i++) {
    if (cur instanceof z.ZodObject) return { shape: cur.shape as Record<string, z.ZodType> };
    const def = defOf(cur);
    if (def.type === 'array') return { element: def.element };
    if (def.type === 'enum' && def.entries) return { values: Object.values(def.entries) };
    cur = def.innerType ?? def.in;
  }
  return {};
}

/** Every field of an audited operation's body, nested ones by path (`columns.date`), with its word and its enum values. */
export function auditedFields(endpoint: Pick<Endpoint, 'body'>): { path: string; label: string | null; values: string[] }[] {
  const found: { path: string; label: string | null; values: string[] }[] = [];
  const walk = (schema: z.ZodType | undefined, prefix: string, depth: number) => {
    const { shape } = unwrap(schema);
    if (!shape || depth > 4) return;
    for (const [key, child] of Object.entries(shape)) {
      if (SECRET.test(key)) continue;
      const path = `${prefix}${key}`;
      const inner = unwrap(child);
      found.push({ path, label: fieldOf(key, child).label, values: inner.values ?? [] });
      walk(inner.element ?? child, `${path}.`, depth + 1);
    }
  };
  walk(endpoint.body, '', 0);
  return found;
}

const ppmWords = (ppm: number) => `${(ppm / 10_000).toLocaleString('en-US', { maximumFractionDigits: 4 })} %`;

const fileWords = (file: RecordedFile) =>
  `${file.名称 ? `文件名 ${file.名称}，` : ''}大小 ${file.大小.toLocaleString('en-US')} 字节，SHA-256 ${file['SHA-256']}`;

/** One value in words: money in ¥, rates in %, switches 是/否, enum values by their words, objects field by field. */
function wordsOf(key: string, v: unknown, field: Field, schema: z.ZodType | undefined, depth: number): string | null {
  if (v === null || v === undefined || v === '') return null;
  const number = typeof v === 'number' || (typeof v === 'string' && /^-?\d{1,16}$/.test(v)) ? Number(v) : NaN;
  // Money in ¥ only when it is a whole number of cents; an odd amount (1.5, 1e308, "0x10") is shown as sent.
  if (field.kind === 'money' && Number.isSafeInteger(number)) return `¥${formatYuan(number)}`;
  if (field.kind === 'ppm' && Number.isSafeInteger(number)) return ppmWords(number);
  if (field.kind === 'times' && Number.isSafeInteger(number)) return `${(number / 1_000_000).toLocaleString('en-US')} 倍`;
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'string') return escapeText(AUDIT_VALUE_LABELS[key]?.[v] ?? v, 60);
  if (typeof v !== 'object') return escapeText(String(v), 60);
  if (depth >= 3) return '…';
  const inner = unwrap(schema);
  if (Array.isArray(v)) {
    const items = v
      .slice(0, MAX_ITEMS)
      .map((item) => wordsOf(key, item, { label: null, kind: field.kind }, inner.element, depth + 1))
      .filter(Boolean);
    return `${items.join('、')}${v.length > MAX_ITEMS ? ` 等 ${v.length} 项` : ''}` || null;
  }
  const words = fieldsInWords(v as Record<string, unknown>, inner.shape ?? {}, depth + 1);
  return words ? `（${words}）` : null;
}

/** An object's fields in words (`入金金额 ¥1,000.00；付款人户名 上海某某`); a file by name, size and SHA-256. */
function fieldsInWords(object: Record<string, unknown>, shape: Record<string, z.ZodType>, depth: number, separator = depth ? '，' : '；') {
  const entries = Object.entries(object).filter(([k]) => !SECRET.test(k));
  const fileName = entries.some(([, v]) => isFileContent(v)) ? fileNameOf(object) : undefined;
  return entries
    .slice(0, MAX_KEYS)
    .map(([k, v]) => {
      if (fileName !== undefined && FILE_NAME_KEYS.includes(k) && v === fileName) return null;
      const field = fieldOf(k, shape[k]);
      const label = field.label ?? `字段「${escapeText(k, 40)}」`;
      if (isFileContent(v)) return `${label} ${fileWords(recordedFile(v, fileName))}`;
      const words = wordsOf(k, v, field, shape[k], depth);
      return words === null ? null : `${label} ${words}`;
    })
    .filter(Boolean)
    .join(separator);
}

/** The body in words for the trail's list and its Excel: labelled fields, money in ¥, secrets left out, a file by its SHA-256. */
export function describeBody(endpoint: Pick<Endpoint, 'body'>, body: unknown): string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return '';
  return escapeText(fieldsInWords(body as Record<string, unknown>, unwrap(endpoint.body).shape ?? {}, 0), 2000);
}

/** The ids an action names: its path parameters (`12`, or `name=close-of-business`), else the body's `id`. */
export function targetOf(params: unknown, body: unknown): string {
  const p = params && typeof params === 'object' ? Object.entries(params as Record<string, unknown>) : [];
  if (p.length === 1) return escapeText(String(p[0][1]));
  if (p.length > 1) return escapeText(p.map(([k, v]) => `${k}=${String(v)}`).join(', '));
  const id = body && typeof body === 'object' ? (body as { id?: unknown }).id : undefined;
  return id === undefined || id === null ? '' : escapeText(typeof id === 'object' ? JSON.stringify(id) : String(id));
}
