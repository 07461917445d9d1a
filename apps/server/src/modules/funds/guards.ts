import type { FastifyRequest } from 'fastify';
import { LedgerError, positiveCents, type Cents } from '@factoring/domain';
import type { AppContext } from '../../app.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { confirmPassword as confirmUserPassword } from '../auth/confirm-password.ts';

/** Who submitted a task, for the inbox and its audit log. */
export const submitterOf = (request: FastifyRequest) => ({ id: request.user!.id, name: request.user!.displayName, ip: request.ip });

const NUMBER_TEXT = /^[+-]?\d+(\.\d+)?$/;

/**
 * An amount in cents from a request (JSON number or form text), with the user's message for each
 * way it can be wrong: empty, not a number, fractions of a cent, zero or negative, beyond the safe range.
 */
export function centsInput(value: unknown, label = '金额'): Cents {
  if (value === undefined || value === null || value === '') throw new BusinessError(`请输入${label}`);
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) n = Number(value.trim());
  else throw new BusinessError(`${label}格式不正确`);
  if (typeof value === 'string' && Math.abs(n) > Number.MAX_SAFE_INTEGER) throw new BusinessError(`${label}超出允许范围`);
  try {
    return positiveCents(n, label);
  } catch (err) {
    if (err instanceof LedgerError) throw new BusinessError(err.message);
    throw err;
  }
}

/** The second confirmation of a money movement: the login password, RSA-encrypted like the login. */
export const confirmPassword = (ctx: AppContext, userId: number, encrypted: string | undefined) =>
  confirmUserPassword({ db: ctx.database.db, cipher: ctx.cipher }, userId, encrypted).then(() => undefined);

