import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { attemptPassword, LOCK_MINUTES, MAX_FAILED_LOGINS } from '../account/index.ts';
import { now } from '../../lib/clock.ts';

export { LOCK_MINUTES, MAX_FAILED_LOGINS };

/**
 * The one answer to every refused login — unknown name, wrong password, locked account — so the
 * answer never tells whether an account exists or how many tries are left.
 */
export const WRONG_CREDENTIALS = `用户名或密码错误。连续输错 ${MAX_FAILED_LOGINS} 次，账户将锁定 ${LOCK_MINUTES} 分钟`;

/**
 * The demo users (`users.demo`, password published in the README) never get in on a production node:
 * their logins are refused like an unknown name, and their sessions end at their next call.
 */
export const refusesDemoUsers = (config: Pick<Config, 'NODE_ENV'>) => config.NODE_ENV === 'production';

export interface LoginLock {
  user: { id: number; loginName: string; email: string | null; displayName: string };
  lockedUntil: Date;
}

/**
 * Checks a login name and plain password (see `attemptPassword` for the counting). The account's
 * state (inactive, disabled) is told only after the password was right; a lock that starts here
 * is reported through `onLock` (the owner is mailed), never to the caller. With `refuseDemo` a demo
 * user is answered exactly like an unknown name (same answer, same work).
 */
export async function checkCredentials(
  db: Db,
  loginName: string,
  password: string,
  opts: { onLock?: (lock: LoginLock) => void; refuseDemo?: boolean } = {},
) {
  const attempt = await attemptPassword(db, { loginName }, password, {
    refuse: opts.refuseDemo ? (user) => user.demo : undefined,
  });
  if (attempt.outcome === 'WRONG' && attempt.lockedNow) {
    opts.onLock?.({ user: attempt.user, lockedUntil: new Date(now().getTime() + LOCK_MINUTES * 60_000) });
  }
  if (attempt.outcome !== 'RIGHT') throw new BusinessError(WRONG_CREDENTIALS);
  const { user } = attempt;
  if (user.status === 'INACTIVE') throw new BusinessError('账户尚未激活，请点击激活邮件中的链接', 'INACTIVE');
  if (user.status !== 'ACTIVE') throw new BusinessError('账户已停用，请联系客服');
  return user;
}
