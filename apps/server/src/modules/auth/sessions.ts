import { hash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { LoginUser } from '@factoring/domain';
import type { Db } from '../../db/client.ts';
import { columnsOf, preparedRows, timestampMs } from '../../db/hot-rows.ts';
import { enterprises, sessions, users } from '../../db/schema/index.ts';
import * as clock from '../../lib/clock.ts';

/** The caller as the session resolves it: the contract's login user. */
export type AuthUser = LoginUser;

export interface SessionLifetimes {
  idleMinutes: number;
  absoluteMinutes: number;
}

/** One-shot SHA-256 (no Hash object per call): every API call hashes its cookie. */
const hashToken = (token: string) => hash('sha256', token, 'hex');
/** Writing last-seen on every request would turn each read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export type EndReason = NonNullable<typeof sessions.$inferSelect.endReason>;

/**
 * `refuseDemo`: the demo users' sessions end at their next call (a production node, see
 * `refusesDemoUsers`), like their logins are refused.
 */
export function sessionStore(db: Db, lifetimes: SessionLifetimes, opts: { refuseDemo?: boolean } = {}) {
  // Every API call resolves its session: one prepared statement, built once, with only the columns
  // the caller's identity needs, read as an array row on the driver (issue 11 — the lean request path).
  const resolveFields = {
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
    demo: users.demo,
    enterpriseName: enterprises.name,
    certified: enterprises.certified,
  };
  const at = columnsOf(resolveFields);
  const resolveQuery = preparedRows<{ id: string }>(
    db,
    'session_resolve',
    db
      .select(resolveFields)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(enterprises, eq(enterprises.id, users.enterpriseId))
      .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.endedAt)))
      .limit(1),
  );
  return {
    /** Opens a session and ends the user's older ones (one active session per user, SPEC §4). */
    async open(userId: number, meta: { ip: string; userAgent?: string }) {
      const token = randomBytes(32).toString('base64url');
      const id = hashToken(token);
      const replaced = await db.transaction(async (tx) => {
        const ended = await tx
          .update(sessions)
          .set({ endedAt: clock.now(), endReason: 'REPLACED' })
          .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
          .returning({ id: sessions.id });
        await tx.insert(sessions).values({
          id,
          userId,
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 300),
          expiresAt: new Date(clock.now().getTime() + lifetimes.absoluteMinutes * 60_000),
        });
        return ended.length;
      });
      return { token, replacedSessions: replaced };
    },

    /** Resolves a cookie token to its user, ending the session when it is idle or past its lifetime. */
    async resolve(token: string): Promise<{ sessionId: string; user: AuthUser } | null> {
      const id = hashToken(token);
      const [row] = await resolveQuery({ id });
      if (!row) return null;
      const now = clock.now().getTime();
      const lastSeenAt = timestampMs(row[at.lastSeenAt]);
      const idleExpired = lastSeenAt + lifetimes.idleMinutes * 60_000 < now;
      if (idleExpired || timestampMs(row[at.expiresAt]) < now || row[at.status] !== 'ACTIVE') {
        await this.end(id, 'EXPIRED');
        return null;
      }
      if (opts.refuseDemo && row[at.demo] === true) {
        await this.end(id, 'REVOKED');
        return null;
      }
      if (now - lastSeenAt > TOUCH_INTERVAL_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, id));
      }
      return {
        sessionId: id,
        user: {
          id: row[at.id] as number,
          loginName: row[at.loginName] as string,
          displayName: row[at.displayName] as string,
          authority: row[at.authority] as AuthUser['authority'],
          enterpriseId: row[at.enterpriseId] as number | null,
          enterpriseName: row[at.enterpriseName] as string | null,
          certified: (row[at.certified] as boolean | null) ?? false,
          ckFlag: row[at.ckFlag] as AuthUser['ckFlag'],
          purchaseSales: row[at.purchaseSales] as boolean,
        },
      };
    },

    async end(sessionId: string, reason: EndReason) {
      await db
        .update(sessions)
        .set({ endedAt: clock.now(), endReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
    },

    /** Ends every session of a user, optionally keeping the caller's own. */
    async endAllOf(userId: number, reason: EndReason, exceptSessionId?: string) {
      await db
        .update(sessions)
        .set({ endedAt: clock.now(), endReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : sql`true`));
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
