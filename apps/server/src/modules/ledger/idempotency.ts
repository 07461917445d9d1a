import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, ok, warn } from '../../lib/envelope.ts';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** Stable JSON: object keys sorted, so the same request always hashes the same. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The idempotency scope of a caller: keys are per user. */
export const idempotencyScopeOf = (request: FastifyRequest) => `user:${request.user!.id}`;

export function requestHash(operation: string, request: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${stable(request)}`)
    .digest('hex');
}

/** The key from the `Idempotency-Key` header or the body's `idempotencyKey`, checked for shape. */
export function idempotencyKeyOf(headerValue: unknown, bodyValue: unknown): string {
  const raw = (typeof headerValue === 'string' && headerValue) || (typeof bodyValue === 'string' && bodyValue) || '';
  if (!raw) throw new BusinessError('缺少幂等键（Idempotency-Key），请刷新页面后重新提交');
  if (!KEY_PATTERN.test(raw)) throw new BusinessError('幂等键格式不正确（8–100 位字母、数字或 _.:-）');
  return raw;
}

/** The key of a request: its `Idempotency-Key` header, else its body's `idempotencyKey` (checked for shape). */
export function requestIdempotencyKey(request: FastifyRequest): string {
  const body = request.body && typeof request.body === 'object' ? (request.body as { idempotencyKey?: unknown }) : {};
  return idempotencyKeyOf(request.headers['idempotency-key'], body.idempotencyKey);
}

/**
 * Runs a money-moving operation once per (scope, key). The key row is inserted first in the same
 * transaction as the work: a concurrent call with the same key waits on the unique key and then
 * reads the first call's answer; a failed call rolls its key back so it may be retried. The request
 * (without its password) is hashed: the same key with a different request is refused. The
 * transaction is `inTransaction`'s: a deadlock victim runs again, files written inside are removed
 * when it does not commit.
 */
export async function runIdempotent<T>(
  db: Db,
  opts: { scope: string; key: string; operation: string; request: unknown },
  work: (tx: Tx) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const hash = requestHash(opts.operation, opts.request);
  return inTransaction(db, async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope: opts.scope, key: opts.key, operation: opts.operation, requestHash: hash, response: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed.length) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, opts.scope), eq(idempotencyKeys.key, opts.key)));
      if (!first || first.operation !== opts.operation || first.requestHash !== hash) {
        throw new BusinessError('该幂等键已用于另一笔内容不同的请求，本次未执行，请重新发起操作');
      }
      return { result: first.response as T, replayed: true };
    }
    // The answer as JSON, so the first call and every replay return exactly the same thing.
    const result = JSON.parse(JSON.stringify(await work(tx))) as T;
    await tx
      .update(idempotencyKeys)
      .set({ response: result as object })
      .where(and(eq(idempotencyKeys.scope, opts.scope), eq(idempotencyKeys.key, opts.key)));
    return { result, replayed: false };
  });
}

/**
 * THE way a call that creates something runs once (issue 21, "nothing created twice"): an
 * application, an order, a voucher — anything a user pays for or is bound by. The key comes from
 * the request (`requestIdempotencyKey`; none is refused), the operation is the route (method and
 * URL pattern), and what must match on a repeat is the route's parameters and body without the key
 * and the password (encrypted afresh each time). The first call answers OK; a repeat or a racing
 * twin with the same key answers the first result again as a WARN and does nothing; the same key
 * with another request is refused. Password checks and the like run before, in the route.
 */
export async function runOnce<T>(db: Db, request: FastifyRequest, work: (tx: Tx) => Promise<T>) {
  const {
    idempotencyKey: _key,
    password: _password,
    ...body
  } = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const { result, replayed } = await runIdempotent(
    db,
    {
      scope: idempotencyScopeOf(request),
      key: requestIdempotencyKey(request),
      operation: `${request.method} ${request.routeOptions.url}`,
      // As JSON, so a date or another object in the parsed body hashes by its value.
      request: JSON.parse(JSON.stringify({ params: request.params ?? {}, body })) as unknown,
    },
    work,
  );
  return replayed ? warn(result) : ok(result);
}
