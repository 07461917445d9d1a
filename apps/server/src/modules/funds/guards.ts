import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app.ts';
import { confirmPassword as confirmUserPassword } from '../auth/confirm-password.ts';

/** Who submitted a task, for the inbox and its audit log. */
export const submitterOf = (request: FastifyRequest) => ({ id: request.user!.id, name: request.user!.displayName, ip: request.ip });

/** The second confirmation of a money movement: the login password, RSA-encrypted like the login. */
export const confirmPassword = (ctx: AppContext, userId: number, encrypted: string | undefined) =>
  confirmUserPassword({ db: ctx.database.db, cipher: ctx.cipher }, userId, encrypted).then(() => undefined);
