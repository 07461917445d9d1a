import { isRequestFailure, type RequestFailure } from './request.ts';

/**
 * The stable codes of the server's ERROR answers (`BusinessError(message, code)`) that the web acts
 * on. Everything else is shown as the server's message; the web never reads the Chinese text.
 */
export const ERROR_CODES = {
  /** The enterprise has not completed real-name authentication: offer the way there. */
  NOT_CERTIFIED: 'NOT_CERTIFIED',
  /** A password confirmation was refused: the password is wrong. */
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  /** A password confirmation came without a password. */
  PASSWORD_REQUIRED: 'PASSWORD_REQUIRED',
  /** The encrypted password could not be read (a stale key): type it again after a reload. */
  PASSWORD_UNREADABLE: 'PASSWORD_UNREADABLE',
  /** Too many wrong passwords: the account is locked for a while. */
  LOCKED: 'LOCKED',
  /** Login of an account whose activation mail was not followed yet: offer to resend it. */
  INACTIVE: 'INACTIVE',
} as const;

type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Codes that are about the password just typed: shown on the password field, which is cleared. */
const PASSWORD_FIELD_CODES: ReadonlySet<string> = new Set([
  ERROR_CODES.WRONG_PASSWORD,
  ERROR_CODES.PASSWORD_REQUIRED,
  ERROR_CODES.PASSWORD_UNREADABLE,
  ERROR_CODES.LOCKED,
]);

export const hasCode = (err: unknown, code: ErrorCode): err is RequestFailure => isRequestFailure(err) && err.code === code;

/**
 * The form field a refusal belongs to: the password field for password codes, the field a 400
 * answer names, or undefined for a refusal of the whole operation.
 */
export function fieldOfFailure(err: unknown): string | undefined {
  if (!isRequestFailure(err)) return undefined;
  if (err.code && PASSWORD_FIELD_CODES.has(err.code)) return 'password';
  return err.field;
}
