import { chinaParts } from '@factoring/domain';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { attemptPassword, LOCK_MINUTES, MAX_FAILED_LOGINS } from '../account/index.ts';
import type { PasswordCipher } from './rsa-keys.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** The China time of day: '09:30'. */
const untilText = (d: Date) => {
  const p = chinaParts(d);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

/**
 * The second confirmation before money moves or a contract is signed (PRODUCT §2): the user's login
 * password, RSA-encrypted in the browser like the login. Answers the confirming user's name.
 * `refused` names what did not happen, e.g. '本次操作未执行' or '合同未签署'.
 *
 * Wrong confirmations count toward the same lockout as logins (five in a row lock the account for
 * 15 minutes, counted atomically per user across every app node), which is what limits guessing
 * per user: at most five checked guesses per lock period, however fast or parallel they come.
 */
export async function confirmPassword(
  deps: { db: Db; cipher: PasswordCipher },
  userId: number,
  encrypted: string | undefined,
  refused = '本次操作未执行',
): Promise<{ displayName: string }> {
  if (!encrypted) throw new BusinessError('请输入登录密码确认本次操作', 'PASSWORD_REQUIRED');
  const plain = deps.cipher.decrypt(encrypted);
  if (plain === null) throw new BusinessError('密码加密数据无效，请刷新页面后重试', 'PASSWORD_UNREADABLE');
  const attempt = await attemptPassword(deps.db, { userId }, plain);
  switch (attempt.outcome) {
    case 'RIGHT':
      return { displayName: attempt.user.displayName };
    case 'LOCKED':
      throw new BusinessError(
        `密码连续错误 ${MAX_FAILED_LOGINS} 次，账户已锁定，请于 ${untilText(attempt.lockedUntil)} 后再试，${refused}`,
        'LOCKED',
      );
    case 'WRONG':
      if (attempt.lockedNow)
        throw new BusinessError(`密码连续错误 ${MAX_FAILED_LOGINS} 次，账户已锁定 ${LOCK_MINUTES} 分钟，${refused}`, 'LOCKED');
      throw new BusinessError(`登录密码不正确，${refused}`, 'WRONG_PASSWORD');
    default:
      throw new BusinessError(`登录密码不正确，${refused}`, 'WRONG_PASSWORD'); // the caller's own account is gone: nothing to tell
  }
}
