// The building blocks of every request and response schema of the API (ARCHITECTURE "Data rules"):
// one schema for ids, one for money, one for text, one for quantities, and the answer envelope.
// Server routes use them as body/querystring/params/response schemas; the web derives its types
// from them with z.infer and validates its forms with the same rules.
import { z } from 'zod';
import { asciiNumberText, type Cents } from '../money.ts';

/** The largest value of a PostgreSQL `integer` (int4) column: every id column of the schema. */
export const MAX_ID = 2_147_483_647;

const DIGITS = /^\d+$/;
const DECIMAL_TEXT = /^[+-]?\d+(\.\d+)?$/;
/** C0/C1 control characters (NUL included); tab and line breaks are allowed only in multi-line text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;

/** Text of a typed number with full-width digits (Chinese input methods) read as ASCII: '００１' → '001'. */
const numberText = z.string().transform((s) => asciiNumberText(s));

/**
 * A record id: a positive integer within the int4 column range, as a JSON number or as digits (path
 * parameters, query strings and form bodies are text). Anything else — `'0x10'`, `'1e3'`, `true`,
 * `2^31` — is a 400 naming the field, never a database error.
 */
export function idSchema(label = '编号') {
  return z
    .union([z.number(), numberText], { error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}不正确`) })
    .transform((value, ctx): number => {
      const n = typeof value === 'number' ? value : DIGITS.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: value === '' ? `请选择${label}` : `${label}不正确` });
        return z.NEVER;
      }
      return n;
    })
    .meta({ description: `${label}（1 – ${MAX_ID} 的整数）`, example: 1 });
}

/** `{ id }` path parameters. */
export const idParams = z.object({ id: idSchema() });

interface CentsOptions {
  /** Allow 0 (a fee, a tax amount); by default an amount must be greater than 0. */
  allowZero?: boolean;
  /** The largest accepted amount in cents (default: the safe-integer range). */
  max?: number;
}

/**
 * The one money contract of the whole API: **integer cents**, as a JSON integer or as integer text
 * (form bodies). `'0x10'`, `'1e3'`, `true`, `100.5` and amounts beyond 2^53 are refused with a
 * Chinese message naming the amount; nothing is coerced. Yuan typed by a user is converted with
 * `parseYuan` in the browser before it is sent.
 */
export function centsSchema(label = '金额', options: CentsOptions = {}) {
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  return z
    .union([z.number(), numberText], { error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}格式不正确`) })
    .transform((value, ctx): Cents => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (value === '') return fail(`请输入${label}`);
      if (typeof value === 'string' && !DECIMAL_TEXT.test(value)) return fail(`${label}格式不正确`);
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) return fail(`${label}超出允许范围`);
      if (!Number.isInteger(n)) return fail(`${label}必须是以分为单位的整数，最多两位小数`);
      if (n < 0 || (n === 0 && !options.allowZero)) return fail(options.allowZero ? `${label}不能为负数` : `${label}必须大于0`);
      if (n > max) return fail(`${label}超出允许范围`);
      return n as Cents;
    })
    .meta({ description: `${label}，单位：分（整数）`, example: 100000 });
}

interface TextOptions {
  /** Required: at least one character after trimming (default true). */
  required?: boolean;
  /** Allow tab and line breaks (remarks, reasons). */
  multiline?: boolean;
  min?: number;
}

/**
 * Text input: trimmed, bounded, and free of control characters (a NUL byte would otherwise reach
 * PostgreSQL and fail there). Too long is refused, never cut. Chinese messages name the field.
 */
export function textSchema(max: number, label = '内容', options: TextOptions = {}) {
  const control = options.multiline ? CONTROL_CHARS : CONTROL_CHARS_SINGLE_LINE;
  const min = options.min ?? (options.required === false ? 0 : 1);
  return z
    .string({ error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}格式不正确`) })
    .trim()
    .min(min, min <= 1 ? `请输入${label}` : `${label}至少 ${min} 个字符`)
    .max(max, `${label}不能超过 ${max} 个字符`)
    .refine((s) => !control.test(s), `${label}含有不允许的控制字符`);
}

/** Optional text: absent or empty both mean "not given" (forms send empty strings). */
export function optionalTextSchema(max: number, label = '内容', options: Omit<TextOptions, 'required'> = {}) {
  return textSchema(max, label, { ...options, required: false }).optional();
}

/** An integer from a form or query string within bounds, e.g. a term in days or months. Never rounds. */
export function intSchema(label: string, min: number, max: number) {
  return z
    .union([z.number(), numberText], { error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}格式不正确`) })
    .transform((value, ctx): number => {
      const n = typeof value === 'number' ? value : /^[+-]?\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: value === '' ? `请输入${label}` : `${label}必须是整数` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label}应在 ${min} 到 ${max} 之间` });
        return z.NEVER;
      }
      return n;
    })
    .meta({ description: `${label}（${min} – ${max} 的整数）` });
}

/**
 * An exact decimal quantity (goods in tonnes, pieces …) as text with at most `scale` decimals,
 * greater than 0 and below 10^12. The value stays a string: it is added and compared with the
 * decimal helpers, never as a binary float. A JSON number is accepted and written out as text.
 */
export function quantitySchema(label = '数量', scale = 3) {
  const pattern = new RegExp(`^\\d{1,12}(\\.\\d{1,${scale}})?$`);
  return z
    .union([z.number(), numberText], { error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}格式不正确`) })
    .transform((value, ctx): string => {
      const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: `请输入${label}` });
        return z.NEVER;
      }
      if (!pattern.test(text)) {
        ctx.addIssue({ code: 'custom', message: /^-/.test(text) ? `${label}必须大于0` : `${label}格式不正确（最多 ${scale} 位小数）` });
        return z.NEVER;
      }
      if (/^0+(\.0+)?$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${label}必须大于0` });
        return z.NEVER;
      }
      return text.replace(/^0+(?=\d)/, '');
    })
    .meta({ description: `${label}：十进制文本，最多 ${scale} 位小数`, example: '12.500' });
}

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
export function isoDateSchema(label = '日期') {
  return z
    .string({ error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}格式不正确`) })
    .trim()
    .refine((s) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
      if (!m) return false;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(Date.UTC(y, mo - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
    }, `${label}格式不正确，应为 YYYY-MM-DD`);
}

/** `page` (1-based) and `size` of the SPEC's paged contract. */
export const pageQuerySchema = z.object({
  page: intSchema('页码', 1, 100_000).default(1),
  size: intSchema('每页条数', 1, 200).default(10),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** A refused business rule (HTTP 200): the Chinese message, and a stable `code` the web may act on. */
export const errorAnswerSchema = z.object({
  status: z.literal('ERROR'),
  message: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
});

/**
 * The HTTP 200 answers of a route: `{ status: 'OK' | 'WARN', message }` with the given message
 * schema, or a refused business rule. Use as `schema: { response: answers(mySchema) }`.
 */
export function answers<T extends z.ZodType>(message: T, refusal?: z.ZodObject) {
  const error = refusal ? errorAnswerSchema.extend(refusal.shape) : errorAnswerSchema;
  return { 200: z.union([z.object({ status: z.enum(['OK', 'WARN']), message }), error]) };
}

/** The message of a paged list: `{ items, totalCount }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalCount: z.number().int() });
}

/** Answers of a call whose message carries nothing the caller needs (a confirmation text or null). */
export const doneSchema = z.union([z.string(), z.null(), z.boolean()]);

/**
 * Every call that creates something (an application, an order, a voucher…) or moves money carries
 * an idempotency key — here or as the `Idempotency-Key` header; the server refuses a call with
 * neither. One key per submission: a double click or a retry acts once (issue 21).
 */
export const idempotencyKeyField = { idempotencyKey: z.string().max(200).optional() };

/** Every money-moving call carries the RSA-encrypted login password and an idempotency key. */
export const moneyConfirmationFields = {
  password: z.string({ error: '请输入登录密码' }).max(1024, '密码加密数据无效').optional(),
  ...idempotencyKeyField,
};
