import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { checkToken } from './tokens.ts';

/** Opens an INACTIVE account from its mailed link; the token works once, within 24 hours. */
export async function activate(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const row = await checkToken(tx, token, 'ACTIVATE', { consume: true });
    const [user] = await tx
      .update(users)
      .set({ status: 'ACTIVE' })
      .where(and(eq(users.id, row.userId), eq(users.status, 'INACTIVE')))
      .returning({ loginName: users.loginName });
    if (user) return { loginName: user.loginName, activated: true };
    // Already active (e.g. by a password reset): the link has done its work.
    const [existing] = await tx.select({ loginName: users.loginName }).from(users).where(eq(users.id, row.userId));
    return { loginName: existing.loginName, activated: false };
  });
}
