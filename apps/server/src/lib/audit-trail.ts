import { AsyncLocalStorage } from 'node:async_hooks';
import { formatYuan } from '@factoring/domain';
import type { Endpoint } from '@factoring/domain/contract';
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

/**
 * The body as recorded: secrets replaced by `***`, texts (keys too) escaped and cut at 200 characters,
 * at most 20 items per list and 50 fields per object, 4 levels deep, numbers JSON cannot hold as text.
 */
export function safeDigest(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return escapeText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return typeof value === 'boolean' ? value : escapeText(String(value));
  if (depth >= 4) return '…';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => safeDigest(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .slice(0, MAX_KEYS)
      .map(([k, v]) => [escapeText(k), SECRET.test(k) ? '***' : safeDigest(v, depth + 1)]),
  );
}

/** Field labels where the contract's schema carries none (texts and switches). */
const LABELS: Record<string, string> = {
  id: '编号',
  accountNo: '账号',
  payerName: '付款人户名',
  payerAccountNo: '付款人账号',
  memo: '备注',
  reason: '原因',
  comment: '意见',
  enabled: '开通',
  source: '价格来源',
  question: '问题',
  answer: '回答',
  published: '发布',
  sortOrder: '排序',
  businessDate: '业务日期',
};

type Field = { label: string | null; money: boolean };

/** The label and kind of a body field from its schema (`centsSchema('入金金额')` → 入金金额, money). */
function fieldOf(schema: z.ZodType | undefined): Field {
  let cur: z.ZodType | undefined = schema;
  for (let i = 0; i < 6 && cur; i++) {
    const description = z.globalRegistry.get(cur)?.description;
    if (typeof description === 'string')
      return { label: description.split(/[，（：(]/)[0] || null, money: description.includes('单位：分') };
    const def = (cur as unknown as { _zod: { def: { innerType?: z.ZodType; in?: z.ZodType } } })._zod.def;
    cur = def.innerType ?? def.in;
  }
  return { label: null, money: false };
}

function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let cur: z.ZodType | undefined = schema;
  for (let i = 0; i < 6 && cur; i++) {
    if (cur instanceof z.ZodObject) return cur.shape as Record<string, z.ZodType>;
    const def = (cur as unknown as { _zod: { def: { innerType?: z.ZodType; in?: z.ZodType } } })._zod.def;
    cur = def.innerType ?? def.in;
  }
  return {};
}

const wordsOf = (v: unknown, money: boolean): string | null => {
  if (v === null || v === undefined || v === '') return null;
  // Money in ¥ only when it is a whole number of cents; an odd amount (1.5, 1e308, "0x10") is shown as sent.
  if (money && (typeof v === 'number' || (typeof v === 'string' && /^-?\d{1,16}$/.test(v))) && Number.isSafeInteger(Number(v)))
    return `¥${formatYuan(Number(v))}`;
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'object') return '（见明细）';
  return escapeText(String(v), 60);
};

/** The body in words for the trail's list and its Excel: labelled fields, money in ¥, secrets left out. */
export function describeBody(endpoint: Pick<Endpoint, 'body'>, body: unknown): string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return '';
  const shape = objectShape(endpoint.body);
  return Object.entries(body as Record<string, unknown>)
    .filter(([k]) => !SECRET.test(k))
    .map(([k, v]) => {
      const field = fieldOf(shape[k]);
      const words = wordsOf(v, field.money);
      return words === null ? null : `${field.label ?? LABELS[k] ?? escapeText(k, 60)} ${words}`;
    })
    .filter(Boolean)
    .slice(0, MAX_KEYS)
    .join('；');
}

/** The ids an action names: its path parameters (`12`, or `name=close-of-business`), else the body's `id`. */
export function targetOf(params: unknown, body: unknown): string {
  const p = params && typeof params === 'object' ? Object.entries(params as Record<string, unknown>) : [];
  if (p.length === 1) return escapeText(String(p[0][1]));
  if (p.length > 1) return escapeText(p.map(([k, v]) => `${k}=${String(v)}`).join(', '));
  const id = body && typeof body === 'object' ? (body as { id?: unknown }).id : undefined;
  return id === undefined || id === null ? '' : escapeText(typeof id === 'object' ? JSON.stringify(id) : String(id));
}
