import type { registerInput } from '@factoring/domain/contract';
import { eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { PasswordCipher } from '../auth/index.ts';
import { consumeChallenge } from './challenge.ts';
import {
  checkNewPassword,
  decryptField,
  emailRule,
  ENTERPRISE_NAME,
  FieldError,
  LOGIN_NAME,
  MESSAGES,
  MOBILE,
  uniqueViolation,
} from './rules.ts';
import { issueToken } from './tokens.ts';

export type RegisterBody = z.output<typeof registerInput>;

const TAKEN = { loginName: '该登录名已被注册，请换一个', email: '该邮箱已被注册，可直接登录或找回密码' };

/** Checks every field in form order and answers the first refusal with its field. */
function checkFields(body: RegisterBody, cipher: PasswordCipher) {
  const email = emailRule.safeParse(body.email);
  if (!email.success) throw new FieldError('email', MESSAGES.email);
  const loginName = body.loginName.trim();
  if (!LOGIN_NAME.test(loginName)) throw new FieldError('loginName', MESSAGES.loginName);
  const enterpriseName = body.enterpriseName.trim().replace(/\s+/g, ' ');
  if (!ENTERPRISE_NAME.test(enterpriseName)) throw new FieldError('enterpriseName', MESSAGES.enterpriseName);
  const mobile = body.mobile.trim();
  if (!MOBILE.test(mobile)) throw new FieldError('mobile', MESSAGES.mobile);
  const password = decryptField(cipher, 'password', body.password);
  const confirm = decryptField(cipher, 'confirmPassword', body.confirmPassword);
  checkNewPassword(password, confirm);
  if (body.agree !== true) throw new FieldError('agree', '请阅读并同意《平台服务协议》和《隐私政策》');
  return { email: email.data, loginName, enterpriseName, mobile, password };
}

/**
 * Creates an uncertified enterprise and its INACTIVE merchant user, and the activation token.
 * The challenge is consumed before the uniqueness checks, so a solved challenge buys one answer.
 */
export async function register(db: Db, cipher: PasswordCipher, body: RegisterBody) {
  const fields = checkFields(body, cipher);
  await consumeChallenge(db, body.challenge, body.counter);

  const clash = await db
    .select({ loginName: users.loginName, email: users.email })
    .from(users)
    .where(or(eq(sql`lower(${users.loginName})`, fields.loginName.toLowerCase()), eq(sql`lower(${users.email})`, fields.email)))
    .limit(2);
  if (clash.some((u) => u.loginName.toLowerCase() === fields.loginName.toLowerCase())) throw new FieldError('loginName', TAKEN.loginName);
  if (clash.length) throw new FieldError('email', TAKEN.email);

  const passwordHash = await hashPassword(fields.password);
  try {
    return await db.transaction(async (tx) => {
      const [enterprise] = await tx
        .insert(enterprises)
        .values({ name: fields.enterpriseName, certified: false })
        .returning({ id: enterprises.id });
      const [user] = await tx
        .insert(users)
        .values({
          loginName: fields.loginName,
          displayName: fields.loginName,
          email: fields.email,
          mobile: fields.mobile,
          passwordHash,
          enterpriseId: enterprise.id,
          authority: 'merchant',
          status: 'INACTIVE',
        })
        .returning({ id: users.id, loginName: users.loginName, email: users.email });
      const token = await issueToken(tx, user.id, 'ACTIVATE');
      return { user: { id: user.id, loginName: user.loginName, email: user.email! }, token };
    });
  } catch (err) {
    // Two registrations racing for the same name or email: the unique index decides.
    const constraint = uniqueViolation(err);
    if (constraint?.includes('email')) throw new FieldError('email', TAKEN.email);
    if (constraint) throw new FieldError('loginName', TAKEN.loginName);
    throw err;
  }
}
