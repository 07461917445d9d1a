import { userLifecycle } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { transition } from '../../lib/transition.ts';
import { checkToken } from './tokens.ts';

/** Opens an INACTIVE account from its mailed link; the token works once, within 24 hours. */
export async function activate(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const row = await checkToken(tx, token, 'ACTIVATE', { consume: true });
    const [user] = await tx
      .select({ id: users.id, status: users.status, loginName: users.loginName })
      .from(users)
      .where(eq(users.id, row.userId))
      .for('update');
    // Already active (e.g. by a password reset): the link has done its work.
    if (user.status !== 'INACTIVE') return { loginName: user.loginName, activated: false };
    await transition(tx, users, userLifecycle, user, 'ACTIVE');
    return { loginName: user.loginName, activated: true };
  });
}
