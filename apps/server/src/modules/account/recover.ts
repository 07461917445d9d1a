import { userLifecycle } from '@factoring/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { transition } from '../../lib/transition.ts';
import type { PasswordCipher, SessionStore } from '../auth/index.ts';
import { checkNewPassword, decryptField, parseAccount } from './rules.ts';
import { checkToken, issueToken, mailedRecently, type TokenPurpose } from './tokens.ts';

/** The one answer of "forgot password" and "resend activation", whether the account exists or not. */
export const SAME_ANSWER: Record<TokenPurpose, string> = {
  RESET: '如果该账户存在，重置密码的邮件已发送到注册邮箱，请在 30 分钟内按邮件提示操作',
  ACTIVATE: '如果该账户存在且尚未激活，激活邮件已重新发送到注册邮箱，请在 24 小时内完成激活',
};

async function findAccount(db: Db, raw: string) {
  const account = parseAccount(raw);
  const [user] = await db
    .select({ id: users.id, loginName: users.loginName, email: users.email, status: users.status })
    .from(users)
    .where('loginName' in account ? eq(sql`lower(${users.loginName})`, account.loginName) : eq(sql`lower(${users.email})`, account.email))
    .limit(1);
  return user;
}

/**
 * Prepares the mail of "forgot password" (RESET: active or not yet active accounts) or "resend
 * activation" (ACTIVATE: inactive accounts only): null when no mail goes out, which the caller
 * never reveals. At most one mail per account, purpose and minute.
 */
export async function prepareAccountMail(db: Db, raw: string, purpose: TokenPurpose) {
  const user = await findAccount(db, raw);
  if (!user?.email) return null;
  const eligible = purpose === 'ACTIVATE' ? user.status === 'INACTIVE' : user.status !== 'DISABLED';
  if (!eligible || (await mailedRecently(db, user.id, purpose))) return null;
  const token = await issueToken(db, user.id, purpose);
  return { email: user.email, loginName: user.loginName, token };
}

/**
 * Sets a new password from a reset link: the token works once, within 30 minutes. The mail proves
 * the address, so a not-yet-active account opens too and a lock is lifted; every session ends.
 */
export async function resetPassword(
  db: Db,
  cipher: PasswordCipher,
  sessions: SessionStore,
  body: { token: string; password: string; confirmPassword: string },
) {
  await checkToken(db, body.token, 'RESET'); // an unusable link is said first, before any password rule
  const password = decryptField(cipher, 'password', body.password);
  const confirm = decryptField(cipher, 'confirmPassword', body.confirmPassword);
  checkNewPassword(password, confirm);
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const row = await checkToken(tx, body.token, 'RESET', { consume: true });
    const [u] = await tx
      .update(users)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, loginName: users.loginName, status: users.status });
    // The reset mail proves the address as the activation mail would: a not-yet-active account opens.
    if (u.status === 'INACTIVE') await transition(tx, users, userLifecycle, u, 'ACTIVE');
    return { id: u.id, loginName: u.loginName };
  });
  await sessions.endAllOf(user.id, 'PASSWORD_CHANGED');
  return user;
}
