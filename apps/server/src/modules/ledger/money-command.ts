import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { confirmPassword, type PasswordCipher } from '../auth/index.ts';
import { idempotencyScopeOf, requestIdempotencyKey, runIdempotent } from './idempotency.ts';

export interface MoneyCommand {
  /** Stable name of the operation: a key reused for another operation is refused. */
  operation: string;
  /** What must be the same when the key is used again (the body's fields without the password). */
  request: unknown;
  /** `false` for a command confirmed otherwise (a voucher the operator will check). Default: the login password. */
  password?: boolean;
  /** What the refusal of a wrong password adds (default: 本次操作未执行). */
  refused?: string;
}

/**
 * THE confirmed money command (issue 23): the idempotency key of the request (header or body), the
 * caller's login password from the body (RSA-encrypted, counted toward the lockout), then the work
 * once per key in one transaction — a repeat answers the first result. Every route that moves money
 * runs through it.
 */
export async function moneyCommand<T>(
  deps: { db: Db; cipher: PasswordCipher },
  request: FastifyRequest,
  command: MoneyCommand,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const key = requestIdempotencyKey(request);
  if (command.password !== false) {
    const body = request.body && typeof request.body === 'object' ? (request.body as { password?: string }) : {};
    await confirmPassword(deps, request.user!.id, body.password, command.refused);
  }
  const run = { scope: idempotencyScopeOf(request), key, operation: command.operation, request: command.request };
  return (await runIdempotent(deps.db, run, work)).result;
}
