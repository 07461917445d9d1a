import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';

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

/**
 * Runs a money-moving operation once per (scope, key). The key row is inserted first in the same
 * transaction as the work: a concurrent call with the same key waits on the unique key and then
 * reads the first call's answer; a failed call rolls its key back so it may be retried. The request
 * (without its password) is hashed: the same key with a different request is refused.
 */
export async function runIdempotent<T>(
  db: Db,
  opts: { scope: string; key: string; operation: string; request: unknown },
  work: (tx: Tx) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const hash = requestHash(opts.operation, opts.request);
  return db.transaction(async (tx) => {
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
