import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { verifyPassword } from '../../lib/passwords.ts';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

const WRONG_CREDENTIALS = '用户名或密码错误';

/** Checks a login name and plain password; counts failures and locks the account after five in a row. */
export async function checkCredentials(db: Db, loginName: string, password: string, now = new Date()) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.loginName})`, loginName.toLowerCase()))
    .limit(1);
  if (!user) throw new BusinessError(WRONG_CREDENTIALS);
  if (user.lockedUntil && user.lockedUntil > now) {
    const until = user.lockedUntil.toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Shanghai' });
    throw new BusinessError(`密码连续错误 ${MAX_FAILED_LOGINS} 次，账户已锁定，请于 ${until} 后再试`, 'LOCKED');
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    const failed = user.failedLogins + 1;
    const locks = failed >= MAX_FAILED_LOGINS;
    await db
      .update(users)
      .set({ failedLogins: locks ? 0 : failed, lockedUntil: locks ? new Date(now.getTime() + LOCK_MINUTES * 60_000) : user.lockedUntil })
      .where(eq(users.id, user.id));
    if (locks) throw new BusinessError(`密码连续错误 ${MAX_FAILED_LOGINS} 次，账户已锁定 ${LOCK_MINUTES} 分钟`, 'LOCKED');
    throw new BusinessError(`${WRONG_CREDENTIALS}，再错 ${MAX_FAILED_LOGINS - failed} 次将锁定账户`);
  }
  if (user.status === 'INACTIVE') throw new BusinessError('账户尚未激活，请点击激活邮件中的链接', 'INACTIVE');
  if (user.status !== 'ACTIVE') throw new BusinessError('账户已停用，请联系客服');
  if (user.failedLogins > 0 || user.lockedUntil) {
    await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  }
  return user;
}
