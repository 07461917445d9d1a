// The one typed client of the API (issue 23): every call names an endpoint of the contract
// (packages/domain/src/contract), and its input and answer types come from that definition — no
// hand-written URL, body or answer type in a feature.
import type { AnswerOf, BodyInput, Endpoint, ParamsInput, QueryInput } from '@factoring/domain/contract';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { encryptLoginPassword, type Confirmation } from './confirm.ts';
import { request, unwrap, type Envelope } from './request.ts';

type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a call of `E` sends: its path params, its query, its body — each only where the endpoint has one. */
export type CallInput<E extends Endpoint> = Part<'params', ParamsInput<E>> & Part<'query', QueryInput<E>> & Part<'body', BodyInput<E>>;

/** The input argument: optional when the endpoint takes nothing. */
type InputArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The path with its `:name` params filled in (encoded). */
export function pathOf(endpoint: Endpoint, params: Record<string, unknown> | undefined): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint.path}: missing path param ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Sends a call; resolves with its envelope (an ERROR answer too), rejects on a transport or HTTP failure. */
export function send<E extends Endpoint>(endpoint: E, input: CallInput<E> = {} as CallInput<E>, options: CallOptions = {}) {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const readsQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  return request<AnswerOf<E>>(pathOf(endpoint, params), {
    method: endpoint.method,
    data: (readsQuery ? query : body) as Record<string, unknown> | FormData | undefined,
    json: !readsQuery && endpoint.bodyType !== 'form' && endpoint.bodyType !== 'multipart',
    signal: options.signal,
    headers: options.headers,
  });
}

/** Calls and unwraps: resolves with the OK answer's message, rejects with a RequestFailure otherwise. */
export function call<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>): Promise<AnswerOf<E>> {
  return send(endpoint, input).then(unwrap);
}

/**
 * A money-moving call (the contract's `moneyConfirmationFields`): the typed login password is
 * RSA-encrypted as at login, and the idempotency key travels in the body and as `Idempotency-Key`.
 */
export async function sendConfirmed<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  { password, idempotencyKey }: Confirmation,
): Promise<Envelope<AnswerOf<E>>> {
  const body = { ...(input.body as object), password: await encryptLoginPassword(password), idempotencyKey };
  return send(endpoint, { ...input, body } as CallInput<E>, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/**
 * The cache key of an operation: its area (the endpoint's tag), its path, then its input. Refreshing
 * an area is `areaKey(endpoint)` of any of its endpoints; one operation's answers, `keyOf(endpoint)`.
 */
export const keyOf = <E extends Endpoint>(endpoint: E, input?: CallInput<E>): QueryKey =>
  input === undefined ? [endpoint.tag, endpoint.path] : [endpoint.tag, endpoint.path, input];
export const areaKey = (endpoint: Endpoint): QueryKey => [endpoint.tag];

/** TanStack Query options of a read: its key and its call. */
export function queryOf<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>) {
  return queryOptions({
    queryKey: keyOf(endpoint, input),
    queryFn: ({ signal }) => send(endpoint, input, { signal }).then(unwrap),
  });
}
