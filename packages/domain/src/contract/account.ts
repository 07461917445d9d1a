// Registration, activation, password recovery and change, the caller's sessions (PRODUCT §3).
import { z } from 'zod';
import { errorAnswerSchema, textSchema } from './common.ts';
import { timestampSchema } from './time.ts';

/** A one-time link token; a malformed one is answered like an unknown one (ERROR, reason INVALID). */
const token = z.string().max(256);

/** The answers of a link call: OK, or ERROR with why the link cannot be used. */
export function linkAnswers<T extends z.ZodType>(message: T) {
  return {
    200: z.union([
      z.object({ status: z.enum(['OK', 'WARN']), message }),
      errorAnswerSchema.extend({ reason: z.enum(['INVALID', 'EXPIRED', 'USED']).optional() }),
    ]),
  };
}

export const accountNameInput = z.object({ account: textSchema(254, '登录名或邮箱') });
export const activateInput = z.object({ token });
export const checkTokenQuery = z.object({ token, purpose: z.enum(['activate', 'reset']) });
export const resetPasswordInput = z.object({ token, password: z.string().max(1024), confirmPassword: z.string().max(1024) });
export const revokeSessionInput = z.object({ id: textSchema(128, '会话') });

/** `POST /api/reg/email` (JSON). Sizes are checked here (400 naming the field); the rules in the server's `register`. */
export const registerInput = z.object({
  email: z.string().max(254),
  loginName: z.string().max(64),
  enterpriseName: z.string().max(200),
  mobile: z.string().max(32),
  /** base64 RSA-OAEP ciphertexts, like the login's. */
  password: z.string().max(1024),
  confirmPassword: z.string().max(1024),
  /** The proof of work: the challenge's nonce and the counter the browser found. */
  challenge: z.string().max(64),
  counter: z.string().max(32),
  agree: z.boolean(),
});

export const challengeSchema = z.object({ nonce: z.string(), difficulty: z.number().int(), expiresAt: z.string() });
export const registeredSchema = z.object({ loginName: z.string(), email: z.string() });
export const activatedSchema = z.object({ loginName: z.string(), activated: z.boolean() });
export const tokenStateSchema = z.object({ expiresAt: timestampSchema });
export const loginNameSchema = z.object({ loginName: z.string() });

/** Why a session ended (the `sessions.end_reason` column). */
export const SESSION_END_REASONS = ['LOGOUT', 'REPLACED', 'PASSWORD_CHANGED', 'EXPIRED', 'REVOKED'] as const;

const sessionView = z.object({
  id: z.string(),
  current: z.boolean(),
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: timestampSchema,
  lastSeenAt: timestampSchema,
  endedAt: timestampSchema.nullable(),
  endReason: z.enum(SESSION_END_REASONS).nullable(),
});
export const mySessionsSchema = z.object({ active: z.array(sessionView), recent: z.array(sessionView) });
