import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { now as clockNow } from '../../lib/clock.ts';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';

/** Five wrong passwords in a row — at login or in a money confirmation — lock the account for 15 minutes. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

type User = typeof users.$inferSelect;

export type AttemptResult =
  | { outcome: 'RIGHT'; user: User }
  | { outcome: 'WRONG'; lockedNow: boolean; user: User }
  | { outcome: 'LOCKED'; lockedUntil: Date; user: User }
  | { outcome: 'NO_SUCH_USER' };

/** No account has this id (serial ids start at 1): the write of an attempt on an unknown name finds no row. */
const NOBODY = 0;

/**
 * Password checks of one account run one after another on this node: a burst of parallel guesses
 * costs the server one scrypt at a time per account. Whether a check counts as right is decided by
 * the write that ends it, atomically in the database, so no guess is ever answered past a lock.
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
 * One password attempt against an account (login or money confirmation), by login name (any case) or id.
 * The account area owns the users' passwords and locks; auth signs in and confirms through this.
 *
 * Every attempt does the same work, whatever the answer (issue 21): one read of the account, one
 * scrypt (against a dummy hash when there is no account), one write. So the time of a refusal does
 * not tell a wrong password from an unknown name, a locked account or one this node refuses
 * (`refuse`, e.g. the demo users on a production node, which are treated exactly as unknown names).
 *
 * The write counts failures atomically (`failed_logins + 1 … RETURNING`), so N parallel failures count
 * N on every node; attempts during a lock count too, and even a right password is refused then. The
 * fifth failure in a row sets the lock; a right password clears the count; an expired lock starts a
 * fresh count.
 */
export async function attemptPassword(
  db: Db,
  who: { loginName: string } | { userId: number },
  password: string,
  opts: { refuse?: (user: User) => boolean } = {},
): Promise<AttemptResult> {
  const where = 'userId' in who ? eq(users.id, who.userId) : eq(sql`lower(${users.loginName})`, who.loginName.toLowerCase());
  const [found] = await db.select().from(users).where(where).limit(1);
  const user = found && !opts.refuse?.(found) ? found : undefined;
  if (!user) {
    await burnPasswordCheck(password);
    await settle(db, NOBODY, { right: false, hash: '' });
    return { outcome: 'NO_SUCH_USER' };
  }
  return oneAtATime(user.id, async () => {
    const right = await verifyPassword(password, user.passwordHash);
    const now = clockNow();
    const after = await settle(db, user.id, { right, hash: user.passwordHash }, now);
    if (!after) return { outcome: 'NO_SUCH_USER' }; // deleted meanwhile
    if (after.lockedUntil && after.lockedUntil > now) {
      // Set by this very write (its own `until`), or already there: then the attempt was refused unheard.
      if (after.lockedUntil.getTime() === lockEnd(now).getTime() && !right) return { outcome: 'WRONG', lockedNow: true, user };
      return { outcome: 'LOCKED', lockedUntil: after.lockedUntil, user };
    }
    if (!(right && after.failedLogins === 0)) return { outcome: 'WRONG', lockedNow: false, user };
    if (needsRehash(user.passwordHash)) await rehash(db, user, password);
    return { outcome: 'RIGHT', user };
  });
}

/**
 * A right password whose stored hash is of an older cost (N = 2^14 before issue 33) is hashed again
 * at today's (2^17), once: only if the hash is still the one just verified (a concurrent change wins).
 */
async function rehash(db: Db, user: User, password: string) {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
}

const lockEnd = (now: Date) => new Date(now.getTime() + LOCK_MINUTES * 60_000);

/**
 * Ends an attempt in one statement, deciding on the row as it is now (another node may have locked
 * it meanwhile): during a lock the attempt is counted and the lock kept; a right password (checked
 * against the hash it was verified with) clears the count; otherwise one more failure, counted from
 * 1 after an expired lock, locking at the fifth. Answers the row's new count and lock.
 */
async function settle(db: Db, userId: number, verdict: { right: boolean; hash: string }, now = clockNow()) {
  const locked = gt(users.lockedUntil, now);
  const right = and(sql`${verdict.right}::boolean`, eq(users.passwordHash, verdict.hash));
  const lockExpired = and(isNotNull(users.lockedUntil), lte(users.lockedUntil, now));
  const failures = sql`(case when ${lockExpired} then 1 else ${users.failedLogins} + 1 end)`;
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`case when ${locked} then ${users.failedLogins} + 1 when ${right} then 0 else ${failures} end`,
      lockedUntil: sql`case when ${locked} then ${users.lockedUntil} when ${right} then null
        when ${failures} >= ${MAX_FAILED_LOGINS} then ${lockEnd(now).toISOString()}::timestamptz else null end`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil });
  return row;
}
