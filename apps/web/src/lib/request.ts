/**
 * The request layer of SPEC §7–§8 (ARCHITECTURE "The contract"). Plain TypeScript over `fetch`;
 * the app injects its side effects (login mask, 403 page, notifications) with `configureRequest`.
 */

/** Every answer of the API. */
export interface Envelope<T> {
  status: 'OK' | 'ERROR' | 'WARN' | 'WARNING';
  message: T;
  /** ERROR answers of a refused business rule: a stable code (`BusinessError` on the server) to act on. */
  code?: string;
  /** The request field a refusal is about (a 400 schema failure, or a rule on one field). */
  field?: string;
  /** Why a mailed link cannot be used (`INVALID`, `EXPIRED`, `USED`). */
  reason?: string;
}

/** What every failed request rejects with. */
export interface RequestFailure {
  success: false;
  status?: number;
  message: string;
  url: string;
  /** The server's stable error code, when it sent one: what the web acts on, never the message text. */
  code?: string;
  /** The request field the refusal is about. */
  field?: string;
  /** Why a mailed link cannot be used (`INVALID`, `EXPIRED`, `USED`). */
  reason?: string;
}

/** A paged list answer (`message` of a paged call). */
export type Paged<T> = { items: T[]; totalCount: number };

export const API_PREFIX = '/api';

/** Toast duration in seconds for the global OK / ERROR / WARN handler (SPEC §9). */
export const TOAST_SECONDS = 3;

/** SPEC §8: the standard text per HTTP status. */
export const STATUS_TEXTS: Readonly<Record<number, string>> = {
  200: '服务器成功返回请求的数据。',
  201: '新建或修改数据成功。',
  202: '一个请求已经进入后台排队（异步任务）。',
  204: '删除数据成功。',
  400: '发出的请求有错误，服务器没有进行新建或修改数据的操作。',
  401: '用户没有权限（令牌、用户名、密码错误）。',
  403: '用户得到授权，但是访问是被禁止的。',
  404: '发出的请求针对的是不存在的记录，服务器没有进行操作。',
  406: '请求的格式不可得。',
  410: '请求的资源被永久删除，且不会再得到的。',
  422: '当创建一个对象时，发生一个验证错误。',
  500: '服务器发生错误，请检查服务器。',
  502: '网关错误。',
  503: '服务不可用，服务器暂时过载或维护。',
  504: '网关超时。',
};

/** SPEC §8: the rejection when no response arrives at all. */
export const NO_RESPONSE_MESSAGE = '服务不可用，请稍后重试';

/** A 2xx answer whose body is not an envelope (not part of SPEC; reported like an "other" status). */
export const MALFORMED_RESPONSE_MESSAGE = '服务器返回的数据格式不正确。';

export interface RequestHooks {
  /** HTTP 401: the app opens the login mask. */
  onUnauthorized(): void;
  /** HTTP 403: the app navigates to /exception/403. */
  onForbidden(): void;
  /** Any status outside 401, 403, 404–421 and 500–504: the app shows a notification. */
  notify(title: string, description: string): void;
}

const noop = () => {};
let hooks: RequestHooks = { onUnauthorized: noop, onForbidden: noop, notify: noop };

/** Installs the app's side effects. Until called, failures only reject. */
export function configureRequest(next: RequestHooks): void {
  hooks = next;
}

export type RequestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: RequestMethod;
  /**
   * GET and DELETE: the query string. POST and PUT: the body — form-encoded by default, JSON with
   * `json: true`, multipart when a FormData is given. `undefined` and `null` values are skipped.
   */
  data?: Record<string, unknown> | FormData | URLSearchParams;
  json?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Puts a path under `/api`, unless it is absolute (`https://…`, `//host…`) or already under `/api`. */
export function apiUrl(url: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return url;
  if (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`)) return url;
  return API_PREFIX + (url.startsWith('/') ? url : `/${url}`);
}

function appendValue(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const v of value) appendValue(params, key, v);
  } else if (value instanceof Date) {
    params.append(key, value.toISOString());
  } else if (typeof value === 'object') {
    params.append(key, JSON.stringify(value));
  } else {
    params.append(key, String(value));
  }
}

/** Form / query encoding: undefined and null are skipped, arrays repeat the key, Dates are ISO. */
function toSearchParams(data: Record<string, unknown> | FormData | URLSearchParams | undefined): URLSearchParams {
  if (data instanceof URLSearchParams) return new URLSearchParams(data);
  const params = new URLSearchParams();
  if (!data) return params;
  if (typeof FormData !== 'undefined' && data instanceof FormData) {
    data.forEach((v, k) => {
      if (typeof v === 'string') params.append(k, v);
    });
    return params;
  }
  for (const [k, v] of Object.entries(data)) appendValue(params, k, v);
  return params;
}

function withQuery(url: string, params: URLSearchParams): string {
  const qs = params.toString();
  if (!qs) return url;
  const hash = url.indexOf('#');
  const [base, fragment] = hash >= 0 ? [url.slice(0, hash), url.slice(hash)] : [url, ''];
  return `${base}${base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'}${qs}${fragment}`;
}

const hasHeader = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).some((k) => k.toLowerCase() === name.toLowerCase());

const isAbort = (err: unknown, signal: AbortSignal | undefined) =>
  signal?.aborted === true || (typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError');

const isEnvelope = (v: unknown): v is Envelope<unknown> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  ['OK', 'ERROR', 'WARN', 'WARNING'].includes((v as { status?: unknown }).status as string);

/** SPEC §8: 401, 403, 404–421 and 500–504 raise no notification. */
const isSilent = (status: number) =>
  status === 401 || status === 403 || (status >= 404 && status <= 421) || (status >= 500 && status <= 504);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function fail(status: number, url: string, message: string): RequestFailure {
  if (status === 401) hooks.onUnauthorized();
  else if (status === 403) hooks.onForbidden();
  else if (!isSilent(status)) hooks.notify(`request error ${status}: ${url}`, message);
  return { success: false, status, message, url };
}

/**
 * Calls the API. Resolves with the envelope of any 2xx answer — including `status: 'ERROR'`,
 * which the business handler (or `unwrap`) decides on. Rejects with a `RequestFailure` on a
 * non-2xx answer (after the SPEC §8 side effects) or when no response arrives; an abort through
 * `signal` rejects with the original AbortError.
 */
export async function request<T>(url: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const method = (opts.method ?? 'GET').toUpperCase() as RequestMethod;
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  let target = apiUrl(url);
  let body: BodyInit | undefined;

  if (method === 'GET' || method === 'DELETE') {
    target = withQuery(target, toSearchParams(opts.data));
    if (method === 'GET' && (!opts.headers || Object.keys(opts.headers).length === 0)) {
      headers.Accept = 'application/json';
    }
  } else if (typeof FormData !== 'undefined' && opts.data instanceof FormData) {
    body = opts.data; // multipart: the browser sets the content type with its boundary
  } else if (opts.json) {
    body = JSON.stringify(opts.data ?? {});
    if (!hasHeader(headers, 'Content-Type')) headers['Content-Type'] = 'application/json;charset=UTF-8';
  } else if (opts.data !== undefined) {
    body = toSearchParams(opts.data).toString();
    if (!hasHeader(headers, 'Content-Type')) headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  }
  for (const k of Object.keys(headers)) if (k.toLowerCase() === 'x-requested-with') delete headers[k];
  headers['X-Requested-With'] = 'XMLHttpRequest';

  let response: Response;
  try {
    response = await fetch(target, { method, credentials: 'include', headers, body, signal: opts.signal });
  } catch (err) {
    if (isAbort(err, opts.signal)) throw err;
    const failure: RequestFailure = { success: false, message: NO_RESPONSE_MESSAGE, url: target };
    throw failure;
  }

  let text = '';
  try {
    text = await response.text();
  } catch (err) {
    if (isAbort(err, opts.signal)) throw err;
    // a body that breaks off counts as an empty one
  }

  const { status } = response;
  if (status < 200 || status > 299) {
    const parsed = parseJson(text) as { message?: unknown; code?: unknown; field?: unknown } | undefined;
    const serverMessage =
      typeof parsed === 'object' && parsed !== null && typeof parsed.message === 'string' && parsed.message.trim() !== ''
        ? parsed.message
        : undefined;
    const message = serverMessage ?? STATUS_TEXTS[status] ?? (response.statusText || `请求失败（${status}）`);
    const failure = fail(status, target, message);
    if (typeof parsed === 'object' && parsed !== null) {
      if (typeof parsed.code === 'string') failure.code = parsed.code;
      if (typeof parsed.field === 'string') failure.field = parsed.field;
    }
    throw failure;
  }

  if (text.trim() === '') return { status: 'OK', message: null as T };
  const parsed = parseJson(text);
  if (!isEnvelope(parsed)) throw fail(status, target, MALFORMED_RESPONSE_MESSAGE);
  return parsed as Envelope<T>;
}

export function isRequestFailure(e: unknown): e is RequestFailure {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { success?: unknown }).success === false &&
    typeof (e as { message?: unknown }).message === 'string'
  );
}

/**
 * The `message` of an OK / WARN / WARNING answer; an ERROR answer throws a RequestFailure-shaped
 * `{ success: false, message: String(message), url: '', code? }` (a missing message reads '操作失败') so that query hooks turn it into a query error.
 */
export function unwrap<T>(env: Envelope<T>): T {
  if (env.status === 'ERROR') {
    const message = env.message === null || env.message === undefined ? '操作失败' : String(env.message);
    const failure: RequestFailure = { success: false, message, url: '' };
    if (env.code) failure.code = env.code;
    if (env.field) failure.field = env.field;
    if (env.reason) failure.reason = env.reason;
    throw failure;
  }
  return env.message;
}

/** Which toast the global handler shows for an answer. */
export function messageKind(env: Envelope<unknown>): 'success' | 'error' | 'warning' {
  if (env.status === 'OK') return 'success';
  if (env.status === 'ERROR') return 'error';
  return 'warning';
}

/** SPEC §3: paged calls send page and size from current and pageSize (defaults 1 and 10). */
export function pageParams(p: { current?: number; pageSize?: number } = {}): { page: number; size: number } {
  const positive = (n: number | undefined, d: number) => (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : d);
  return { page: positive(p.current, 1), size: positive(p.pageSize, 10) };
}
