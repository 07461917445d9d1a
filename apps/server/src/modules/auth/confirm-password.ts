import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { PasswordCipher } from './rsa-keys.ts';

/**
 * The second confirmation before money moves or a contract is signed (PRODUCT §2): the user's login
 * password, RSA-encrypted in the browser like the login. Answers the confirming user's name.
 * `refused` names what did not happen, e.g. '本次操作未执行' or '合同未签署'.
 */
export async function confirmPassword(
  deps: { db: Db; cipher: PasswordCipher },
  userId: number,
  encrypted: string | undefined,
  refused = '本次操作未执行',
): Promise<{ displayName: string }> {
  if (!encrypted) throw new BusinessError('请输入登录密码确认本次操作');
  const plain = deps.cipher.decrypt(encrypted);
  if (plain === null) throw new BusinessError('密码加密数据无效，请刷新页面后重试');
  const [user] = await deps.db.select({ passwordHash: users.passwordHash, displayName: users.displayName }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(plain, user.passwordHash))) throw new BusinessError(`登录密码不正确，${refused}`);
  return { displayName: user.displayName };
}
