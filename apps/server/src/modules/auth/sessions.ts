import { hash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { LoginUser } from '@factoring/domain';
import type { Db } from '../../db/client.ts';
import { columnsOf, listenOn, preparedRows, timestampMs } from '../../db/hot-rows.ts';
import { sessions } from '../../db/schema/index.ts';
import { enterpriseDirectory, userStateDirectory as sessionUser } from '../account/index.ts';
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
 * How long a node answers a session from its own memory (issue 38): the longest any change the store
 * does not make itself (a user disabled in SQL, a switch or certification changing what the session
 * carries, a lost notification) takes to reach a node that cached the session.
 */
export const SESSION_CACHE_MS = 1000;
/** The channel every session end is announced on, to every node (`s:<session id>` or `u:<user id>`). */
export const SESSION_END_CHANNEL = 'session_ends';
/** At most this many sessions in a node's memory; the oldest goes first. */
const CACHE_MAX_ENTRIES = 10_000;

interface Cached {
  at: number;
  lastSeenAt: number;
  expiresAt: number;
  answer: Readonly<{ sessionId: string; user: AuthUser }>;
}

/** A resolved session, or null when the token names none that is live. */
type Resolved = Readonly<{ sessionId: string; user: AuthUser }> | null;

/**
 * `refuseDemo`: the demo users' sessions end at their next call (a production node, see
 * `refusesDemoUsers`), like their logins are refused.
 *
 * `cacheMs` (issue 38, off when 0): a node keeps each session it resolved for that long and answers it
 * without the database. Every rule still holds on every node: a session the store ends (logout, a new
 * login of the user, a password change, a revocation, expiry) is dropped from this node's memory before
 * the call that ended it answers, and announced with NOTIFY in the same transaction, so every other
 * node drops it as soon as PostgreSQL delivers the notification (milliseconds); a node answers from
 * memory only while it is listening, and a read that raced an end is never kept. Idle and absolute
 * expiry are checked on every call, from memory too; the last-seen touch still goes to the database.
 * What the store does not do itself — a user disabled in SQL, a certification or a purchase/sales switch
 * changing what the session carries, a session ended in SQL, a notification lost with its connection
 * before the node noticed — reaches a node that cached the session within `cacheMs`.
 */
export function sessionStore(db: Db, lifetimes: SessionLifetimes, opts: { refuseDemo?: boolean; cacheMs?: number } = {}) {
  const cacheMs = opts.cacheMs ?? 0;
  const cache = new Map<string, Cached>();
  /** Bumped by every drop: a database read that began before one may have seen the ended session. */
  let generation = 0;
  let listening = false;
  const forget = (payload: string) => {
    generation++;
    if (payload.startsWith('s:')) cache.delete(payload.slice(2));
    else if (payload.startsWith('u:')) {
      const userId = Number(payload.slice(2));
      for (const [id, c] of cache) if (c.answer.user.id === userId) cache.delete(id);
    } else cache.clear();
  };
  const listener =
    cacheMs > 0
      ? listenOn(db, SESSION_END_CHANNEL, {
          message: forget,
          up() {
            forget('*');
            listening = true;
          },
          down() {
            listening = false;
            forget('*');
          },
        })
      : undefined;
  /** Ends sessions and says so: dropped here at once, on every other node at the commit's notification. */
  async function endWhere(where: ReturnType<typeof and>, reason: EndReason, announce: string) {
    forget(announce);
    await db.transaction(async (tx) => {
      const ended = await tx.update(sessions).set({ endedAt: clock.now(), endReason: reason }).where(where).returning({ id: sessions.id });
      if (ended.length) await tx.execute(sql`select pg_notify(${SESSION_END_CHANNEL}, ${announce})`);
    });
    forget(announce);
  }

  // Every API call resolves its session: one prepared statement, built once, with only the columns
  // the caller's identity needs, read as an array row on the driver (issue 11 — the lean request path).
  const resolveFields = {
    lastSeenAt: sessions.lastSeenAt,
    expiresAt: sessions.expiresAt,
    id: sessionUser.id,
    loginName: sessionUser.loginName,
    displayName: sessionUser.displayName,
    authority: sessionUser.authority,
    enterpriseId: sessionUser.enterpriseId,
    status: sessionUser.status,
    ckFlag: sessionUser.ckFlag,
    purchaseSales: sessionUser.purchaseSalesEnabled,
    demo: sessionUser.demo,
    enterpriseName: enterpriseDirectory.name,
    certified: enterpriseDirectory.certified,
  };
  const at = columnsOf(resolveFields);
  const resolveQuery = preparedRows<{ id: string }>(
    db,
    'session_resolve',
    db
      .select(resolveFields)
      .from(sessions)
      .innerJoin(sessionUser, eq(sessionUser.id, sessions.userId))
      .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, sessionUser.enterpriseId))
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
        if (ended.length) await tx.execute(sql`select pg_notify(${SESSION_END_CHANNEL}, ${`u:${userId}`})`);
        return ended.length;
      });
      if (replaced) forget(`u:${userId}`);
      return { token, replacedSessions: replaced };
    },

    /**
     * Resolves a cookie token to its user, ending the session when it is idle or past its lifetime. A
     * session this node holds that is within its lifetimes and needs no touch is answered at once, without
     * a promise (issue 38: the common call); anything to read or write goes the asynchronous way.
     */
    resolve(token: string): Resolved | Promise<Resolved> {
      const id = hashToken(token);
      const cached = listening ? cache.get(id) : undefined;
      if (cached && performance.now() - cached.at <= cacheMs) {
        const now = clock.now().getTime();
        const live = cached.lastSeenAt + lifetimes.idleMinutes * 60_000 >= now && cached.expiresAt >= now;
        if (live && now - cached.lastSeenAt <= TOUCH_INTERVAL_MS) return cached.answer;
        return this.check(id, cached);
      }
      if (cached) cache.delete(id);
      return this.read(id);
    },

    /** A session read from the database (and kept, when this node may cache it). */
    async read(id: string): Promise<Resolved> {
      const readFrom = generation;
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
      const user: AuthUser = Object.freeze({
        id: row[at.id] as number,
        loginName: row[at.loginName] as string,
        displayName: row[at.displayName] as string,
        authority: row[at.authority] as AuthUser['authority'],
        enterpriseId: row[at.enterpriseId] as number | null,
        enterpriseName: row[at.enterpriseName] as string | null,
        certified: (row[at.certified] as boolean | null) ?? false,
        ckFlag: row[at.ckFlag] as AuthUser['ckFlag'],
        purchaseSales: row[at.purchaseSales] as boolean,
      });
      const entry: Cached = {
        at: performance.now(),
        lastSeenAt,
        expiresAt: timestampMs(row[at.expiresAt]),
        // One frozen answer for every call the entry answers, so no request can change another's user.
        answer: Object.freeze({ sessionId: id, user }),
      };
      // Kept only when no session ended since the read began (it may have read one just ended).
      if (listening && readFrom === generation) {
        if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(id, entry);
      }
      return this.check(id, entry);
    },

    /** Idle and absolute expiry on every call, the last-seen touch when due (from memory or a fresh read). */
    async check(id: string, entry: Cached): Promise<Resolved> {
      const now = clock.now().getTime();
      if (entry.lastSeenAt + lifetimes.idleMinutes * 60_000 < now || entry.expiresAt < now) {
        await this.end(id, 'EXPIRED');
        return null;
      }
      if (now - entry.lastSeenAt > TOUCH_INTERVAL_MS) {
        entry.lastSeenAt = now;
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, id));
      }
      return entry.answer;
    },

    async end(sessionId: string, reason: EndReason) {
      await endWhere(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)), reason, `s:${sessionId}`);
    },

    /** Ends every session of a user, optionally keeping the caller's own. */
    async endAllOf(userId: number, reason: EndReason, exceptSessionId?: string) {
      await endWhere(
        and(eq(sessions.userId, userId), isNull(sessions.endedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : sql`true`),
        reason,
        `u:${userId}`,
      );
    },

    /** Stops listening (the app's close). */
    async close() {
      await listener?.close();
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
