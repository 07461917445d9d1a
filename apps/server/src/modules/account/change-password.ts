import type { changePasswordInput } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { PasswordCipher, SessionStore } from '../auth/index.ts';
import { checkNewPassword, decryptField, FieldError } from './rules.ts';

/** Changes the caller's password after checking the old one; the caller's other sessions end. */
export async function changePassword(
  db: Db,
  cipher: PasswordCipher,
  sessions: SessionStore,
  caller: { userId: number; sessionId: string },
  body: z.output<typeof changePasswordInput>,
) {
  const oldPassword = decryptField(cipher, 'oldPassword', body.oldPassword);
  const newPassword = decryptField(cipher, 'newPassword', body.newPassword);
  const confirm = body.confirmPassword === undefined ? undefined : decryptField(cipher, 'confirmPassword', body.confirmPassword);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.userId));
  if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new FieldError('oldPassword', '原密码不正确');
  checkNewPassword(newPassword, confirm, { password: 'newPassword', confirm: 'confirmPassword' });
  if (newPassword === oldPassword) throw new FieldError('newPassword', '新密码不能与原密码相同');
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword) })
    .where(eq(users.id, caller.userId));
  await sessions.endAllOf(caller.userId, 'PASSWORD_CHANGED', caller.sessionId);
}
