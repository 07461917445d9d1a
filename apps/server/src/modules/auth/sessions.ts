import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { LoginUser } from '@factoring/domain';
import type { Db } from '../../db/client.ts';
import { enterprises, sessions, users } from '../../db/schema/index.ts';

/** The caller as the session resolves it: the contract's login user. */
export type AuthUser = LoginUser;

export interface SessionLifetimes {
  idleMinutes: number;
  absoluteMinutes: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Writing last-seen on every request would turn each read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export type EndReason = NonNullable<typeof sessions.$inferSelect.endReason>;

export function sessionStore(db: Db, lifetimes: SessionLifetimes) {
  // Every API call resolves its session: one prepared statement, built once, with only the columns
  // the caller's identity needs (issue 11 — the lean request path).
  const resolveQuery = db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      loginName: users.loginName,
      displayName: users.displayName,
      authority: users.authority,
      enterpriseId: users.enterpriseId,
      status: users.status,
      ckFlag: users.ckFlag,
      purchaseSales: users.purchaseSalesEnabled,
      enterpriseName: enterprises.name,
      certified: enterprises.certified,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.endedAt)))
    .limit(1)
    .prepare('session_resolve');
  return {
    /** Opens a session and ends the user's older ones (one active session per user, SPEC §4). */
    async open(userId: number, meta: { ip: string; userAgent?: string }) {
      const token = randomBytes(32).toString('base64url');
      const id = hashToken(token);
      const replaced = await db.transaction(async (tx) => {
        const ended = await tx
          .update(sessions)
          .set({ endedAt: new Date(), endReason: 'REPLACED' })
          .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
          .returning({ id: sessions.id });
        await tx.insert(sessions).values({
          id,
          userId,
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 300),
          expiresAt: new Date(Date.now() + lifetimes.absoluteMinutes * 60_000),
        });
        return ended.length;
      });
      return { token, replacedSessions: replaced };
    },

    /** Resolves a cookie token to its user, ending the session when it is idle or past its lifetime. */
    async resolve(token: string): Promise<{ sessionId: string; user: AuthUser } | null> {
      const id = hashToken(token);
      const [row] = await resolveQuery.execute({ id });
      if (!row) return null;
      const now = Date.now();
      const idleExpired = row.lastSeenAt.getTime() + lifetimes.idleMinutes * 60_000 < now;
      if (idleExpired || row.expiresAt.getTime() < now || row.status !== 'ACTIVE') {
        await this.end(id, 'EXPIRED');
        return null;
      }
      if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, id));
      }
      return {
        sessionId: id,
        user: {
          id: row.id,
          loginName: row.loginName,
          displayName: row.displayName,
          authority: row.authority,
          enterpriseId: row.enterpriseId,
          enterpriseName: row.enterpriseName,
          certified: row.certified ?? false,
          ckFlag: row.ckFlag,
          purchaseSales: row.purchaseSales,
        },
      };
    },

    async end(sessionId: string, reason: EndReason) {
      await db
        .update(sessions)
        .set({ endedAt: new Date(), endReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
    },

    /** Ends every session of a user, optionally keeping the caller's own. */
    async endAllOf(userId: number, reason: EndReason, exceptSessionId?: string) {
      await db
        .update(sessions)
        .set({ endedAt: new Date(), endReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : sql`true`));
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
