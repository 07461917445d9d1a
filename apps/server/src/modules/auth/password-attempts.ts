import { and, eq, gt, isNotNull, lte, or, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';

/** Five wrong passwords in a row — at login or in a money confirmation — lock the account for 15 minutes. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

type User = typeof users.$inferSelect;

export type AttemptResult =
  | { outcome: 'RIGHT'; user: User }
  | { outcome: 'WRONG'; lockedNow: boolean; user: User }
  | { outcome: 'LOCKED'; lockedUntil: Date; user: User }
  | { outcome: 'NO_SUCH_USER' };

/**
 * Password checks of one account run one after another on this node, each reading the lock state
 * fresh: a burst of parallel guesses cannot all slip in before the counter moves, so no more than
 * five are ever checked per lock period (per node; the counter itself is shared by all nodes).
 * An honest user's parallel confirmations just queue for a few milliseconds each.
 */
const queues = new Map<number, Promise<unknown>>();
async function oneAtATime<T>(userId: number, run: () => Promise<T>): Promise<T> {
  const before = queues.get(userId) ?? Promise.resolve();
  const mine = before.then(run, run);
  const settled = mine.catch(() => undefined);
  queues.set(userId, settled);
  try {
    return await mine;
  } finally {
    if (queues.get(userId) === settled) queues.delete(userId);
  }
}

/**
 * One password attempt against an account (login or money confirmation).
 *
 * Failures are counted atomically in the database (`failed_logins = failed_logins + 1 … RETURNING`),
 * so N parallel failures count N on every node; attempts refused during a lock count too. The fifth
 * failure in a row sets the lock; a right password clears the count; an expired lock starts a fresh
 * count. Every outcome costs one scrypt (a dummy one when the answer is already known), so the
 * time of an answer does not tell an unknown or locked account from a wrong password.
 */
export async function attemptPassword(db: Db, who: SQL, password: string): Promise<AttemptResult> {
  const [found] = await db.select({ id: users.id }).from(users).where(who).limit(1);
  if (!found) {
    await burnPasswordCheck(password);
    return { outcome: 'NO_SUCH_USER' };
  }
  return oneAtATime(found.id, async () => {
    const now = new Date();
    const [user] = await db.select().from(users).where(eq(users.id, found.id));
    if (user.lockedUntil && user.lockedUntil > now) {
      await db
        .update(users)
        .set({ failedLogins: sql`${users.failedLogins} + 1` })
        .where(eq(users.id, user.id));
      await burnPasswordCheck(password);
      return { outcome: 'LOCKED', lockedUntil: user.lockedUntil, user };
    }
    if (await verifyPassword(password, user.passwordHash)) {
      if (user.failedLogins > 0 || user.lockedUntil) {
        // Not over a lock another node has just set.
        await db
          .update(users)
          .set({ failedLogins: 0, lockedUntil: null })
          .where(and(eq(users.id, user.id), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))));
      }
      return { outcome: 'RIGHT', user };
    }
    const failed = await countFailure(db, user.id, now);
    return { outcome: 'WRONG', lockedNow: failed === MAX_FAILED_LOGINS, user };
  });
}

/** Adds one failure in a single statement and sets the lock at the fifth; answers the new count. */
async function countFailure(db: Db, userId: number, now: Date): Promise<number> {
  const lockExpired = and(isNotNull(users.lockedUntil), lte(users.lockedUntil, now));
  const newCount = sql`(case when ${lockExpired} then 1 else ${users.failedLogins} + 1 end)`;
  const until = new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString();
  const [row] = await db
    .update(users)
    .set({
      failedLogins: newCount,
      lockedUntil: sql`case when ${newCount} >= ${MAX_FAILED_LOGINS}
        then (case when ${gt(users.lockedUntil, now)} then ${users.lockedUntil} else ${until}::timestamptz end)
        else null end`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins });
  return row.failedLogins;
}
