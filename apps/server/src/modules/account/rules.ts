import { z } from 'zod';
import { BusinessError } from '../../lib/envelope.ts';
import { isStrongPassword, KNOWN_PASSWORD_MESSAGES, knownPasswordProblem } from '../../lib/passwords.ts';
import type { PasswordCipher } from '../auth/index.ts';

/** PRODUCT §3 registration rules; the web checks the same ones before sending. */
export const LOGIN_NAME = /^[A-Za-z0-9_]{4,20}$/;
export const MOBILE = /^1[3-9]\d{9}$/;
/** Company names: Han characters, Latin letters, digits, brackets, middle dot, ampersand, hyphen, spaces. */
export const ENTERPRISE_NAME = /^[\p{Script=Han}A-Za-z0-9（）()·&\- ]{2,50}$/u;

export const MESSAGES = {
  email: '请输入正确的邮箱地址',
  loginName: '登录名须为 4–20 位字母、数字或下划线',
  enterpriseName: '企业名称须为 2–50 个字符，只能包含汉字、字母、数字、括号、·、& 和 -',
  mobile: '请输入正确的 11 位手机号码',
  password: '密码至少 8 位，且须同时包含字母和数字',
  confirmPassword: '两次输入的密码不一致',
  encrypted: '密码加密数据无效，请刷新页面后重试',
  account: '请输入正确的登录名或邮箱',
} as const;

export const emailRule = z.string().trim().toLowerCase().max(100, MESSAGES.email).pipe(z.email(MESSAGES.email));

/** A refused rule that belongs to one form field: `{ status: 'ERROR', message, field }`. */
export class FieldError extends BusinessError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A mailed link that cannot be used: the web leads to /trade/opttimeout. */
export class TokenError extends BusinessError {
  constructor(
    readonly reason: 'INVALID' | 'EXPIRED' | 'USED',
    message: string,
  ) {
    super(message);
  }
}

/** Runs an operation and turns field and token refusals into their answers (others go to the errors plugin). */
export async function answering<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (err) {
    if (err instanceof FieldError) return { status: 'ERROR' as const, message: err.message, field: err.field };
    if (err instanceof TokenError) return { status: 'ERROR' as const, message: err.message, reason: err.reason };
    throw err;
  }
}

/** Decrypts a browser-encrypted password for a field; the field's error when it is not a valid ciphertext. */
export function decryptField(cipher: PasswordCipher, field: string, ciphertext: string): string {
  const plain = cipher.decrypt(ciphertext);
  if (plain === null) throw new FieldError(field, MESSAGES.encrypted);
  return plain;
}

/**
 * A new password and its confirmation, both decrypted: strength, not the published demo password nor a
 * common breached one (issue 33; compared trimmed and case-insensitively), and equality.
 */
export function checkNewPassword(
  password: string,
  confirm: string | undefined,
  fields = { password: 'password', confirm: 'confirmPassword' },
) {
  if (!isStrongPassword(password)) throw new FieldError(fields.password, MESSAGES.password);
  const known = knownPasswordProblem(password);
  if (known) throw new FieldError(fields.password, KNOWN_PASSWORD_MESSAGES[known]);
  if (confirm !== undefined && confirm !== password) throw new FieldError(fields.confirm, MESSAGES.confirmPassword);
}

/** Login name or email, as typed into "forgot password" or "resend": which of the two, or a field error. */
export function parseAccount(raw: string): { loginName: string } | { email: string } {
  const value = raw.trim();
  if (LOGIN_NAME.test(value)) return { loginName: value.toLowerCase() };
  const email = emailRule.safeParse(value);
  if (email.success) return { email: email.data };
  throw new FieldError('account', MESSAGES.account);
}

/** True when an error (or its cause, as drizzle wraps driver errors) is a unique violation. */
export function uniqueViolation(err: unknown): string | null {
  for (
    let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (e.code === '23505') return e.constraint ?? e.message ?? 'unique';
  }
  return null;
}
