import { eq, isNull, and, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, ORIGIN, type TestApp } from '../../test/harness.ts';
import { databaseUrl } from '../../test/postgres-admin.ts';
import { SESSION_CACHE_MS } from './sessions.ts';

/**
 * The per-node session cache (issue 38): two app nodes on one database, each answering sessions from its
 * own memory. On PostgreSQL node B has its own pool and listening connection; on PGlite (one process by
 * design) both nodes share the one embedded database, each with its own store and listener.
 *
 * The nodes keep a session for a minute (LONG), far longer than any wait here: a session that stops
 * working within NOTIFIED_MS did so because it was dropped, not because its entry aged.
 */
const LONG = 60_000;
/** What the nodes promise for a session the store ends: gone on the node that ended it at once, elsewhere at the notification. */
const NOTIFIED_MS = 500;
const LIST = '/api/funds/flows?page=1&size=5';

let t: TestApp;
let nodeB: Database;
const apps: FastifyInstance[] = [];
let a: FastifyInstance;
let b: FastifyInstance;

async function node(database: Database, sessionCacheMs: number) {
  const app = await buildApp(t.config, database, { sessionCacheMs });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  t = await createTestApp();
  if (t.database.kind === 'postgres') {
    const [{ name }] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`));
    nodeB = openPostgres(databaseUrl(name), 5);
  } else nodeB = t.database;
  a = await node(t.database, LONG);
  b = await node(nodeB, LONG);
  // Each node answers from memory only while it listens: wait until both do (a session ended in SQL, no
  // notification, still answers on a node that cached it).
  await untilListening(a);
  await untilListening(b);
}, 180_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  if (nodeB && nodeB !== t.database) await nodeB.close();
  await t?.close();
});

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
const headers = (cookie: string) => ({ host: 'portal.test', cookie });
const get = (app: FastifyInstance, cookie: string, url = LIST) => app.inject({ method: 'GET', url, headers: headers(cookie) });
const post = (app: FastifyInstance, cookie: string | undefined, url: string, payload: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(payload).toString(),
    headers: {
      host: 'portal.test',
      ...(cookie ? { cookie } : {}),
      origin: ORIGIN,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/x-www-form-urlencoded',
    },
  });

async function login(app: FastifyInstance, loginName: string) {
  const res = await post(app, undefined, '/api/login', {
    username: loginName,
    password: t.encrypt(DEMO_PASSWORD),
    loginType: 'PASSWORD',
    maskLoginVisible: 'false',
  });
  expect(res.json().status).not.toBe('ERROR');
  return { cookie: `factoring_sid=${res.cookies.find((c) => c.name === 'factoring_sid')!.value}`, answer: res.json() };
}

/** A session ended behind the store's back (in SQL, no notification): does the node still answer it? */
async function endInSql(userId: number) {
  await t.database.db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: 'REVOKED' })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}
const userIdOf = async (loginName: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, loginName)))[0].id;

/** Whether a node answers from memory now: a throw-away session of `operator`, cached, ended in SQL, still answered. */
async function listening(app: FastifyInstance) {
  const { cookie } = await login(app, 'operator');
  await get(app, cookie, '/api/user/current');
  await endInSql(await userIdOf('operator'));
  const me = (await get(app, cookie, '/api/user/current')).json().message.loginUser;
  return me?.loginName === 'operator';
}

/** Waits (a condition, outside a test too) until a node answers from memory. */
async function untilListening(app: FastifyInstance) {
  for (const started = Date.now(); !(await listening(app)); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() - started > 10_000) throw new Error('the node did not start listening within 10 s');
}

/** Polls a call until it answers 401; the time it took. */
async function msUntil401(call: () => Promise<{ statusCode: number }>, within: number) {
  const started = performance.now();
  await expect.poll(async () => (await call()).statusCode, { timeout: within, interval: 5 }).toBe(401);
  return performance.now() - started;
}

describe('the per-node session cache, two nodes on one database', () => {
  it('answers a session from memory: one ended behind the store (SQL, no notification) still answers until its entry ages', async () => {
    const short = await node(nodeB, 300);
    await untilListening(short);
    const { cookie } = await login(a, 'cangchu');
    expect((await get(short, cookie)).statusCode).toBe(200);
    await endInSql(await userIdOf('cangchu'));
    expect((await get(short, cookie)).statusCode).toBe(200); // from memory
    await msUntil401(() => get(short, cookie), 300 + 1000);
  });

  it('a logout on one node: 401 there at once, and on the other within the notification, not the cache’s minute', async () => {
    const { cookie } = await login(a, 'demo');
    expect((await get(a, cookie)).statusCode).toBe(200);
    expect((await get(b, cookie)).statusCode).toBe(200);
    expect((await post(a, cookie, '/api/logout')).json()).toEqual({ status: 'OK', message: '已退出登录' });
    // The node that ended it dropped it before answering the logout: no wait.
    expect((await get(a, cookie)).statusCode).toBe(401);
    const onB = await msUntil401(() => get(b, cookie), NOTIFIED_MS);
    expect(onB).toBeLessThan(NOTIFIED_MS);
  });

  it('a login elsewhere ends the old session on both nodes; the new one works on both', async () => {
    const first = await login(a, 'demo');
    expect((await get(a, first.cookie)).statusCode).toBe(200);
    expect((await get(b, first.cookie)).statusCode).toBe(200);
    const second = await login(b, 'demo');
    expect(second.answer).toEqual({ status: 'WARN', message: 'AlreadyOnLine' });
    expect((await get(b, first.cookie)).statusCode).toBe(401);
    await msUntil401(() => get(a, first.cookie), NOTIFIED_MS);
    expect((await get(a, second.cookie)).statusCode).toBe(200);
    expect((await get(b, second.cookie)).statusCode).toBe(200);
  });

  it('a session ended by the store on a third node (the cache-less harness app) ends on both within the notification', async () => {
    const { cookie } = await login(a, 'gouxiao');
    expect((await get(a, cookie)).statusCode).toBe(200);
    expect((await get(b, cookie)).statusCode).toBe(200);
    await login(t.app, 'gouxiao'); // ends the old session through the store, announcing it
    await msUntil401(() => get(a, cookie), NOTIFIED_MS);
    await msUntil401(() => get(b, cookie), NOTIFIED_MS);
  });

  it('idle expiry holds from memory, and the last-seen touch still reaches the database', async () => {
    const { cookie } = await login(a, 'demo');
    expect((await get(a, cookie)).statusCode).toBe(200);
    const [{ id }] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, await userIdOf('demo')), isNull(sessions.endedAt)));
    // Date only: the cache's own age runs on performance.now(), so the entry stays fresh while the clock moves.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * 60_000);
      expect((await get(a, cookie)).statusCode).toBe(200);
      const [touched] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
      expect(Math.abs(touched.lastSeenAt.getTime() - Date.now())).toBeLessThan(5_000);
      vi.setSystemTime(Date.now() + (t.config.SESSION_IDLE_MINUTES + 1) * 60_000);
      expect((await get(a, cookie)).statusCode).toBe(401);
      const [ended] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
      expect(ended.endReason).toBe('EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('absolute expiry holds from memory: a session used every twenty minutes still ends at its lifetime', async () => {
    const { cookie } = await login(a, 'demo');
    expect((await get(a, cookie)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const started = Date.now();
      while (Date.now() + 20 * 60_000 < started + t.config.SESSION_ABSOLUTE_MINUTES * 60_000) {
        vi.setSystemTime(Date.now() + 20 * 60_000);
        expect((await get(a, cookie)).statusCode).toBe(200);
      }
      vi.setSystemTime(started + (t.config.SESSION_ABSOLUTE_MINUTES + 1) * 60_000);
      expect((await get(a, cookie)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a user disabled in SQL (no notification) is refused on a node at SESSION_CACHE_MS within that time', async () => {
    const node1s = await node(nodeB, SESSION_CACHE_MS);
    await untilListening(node1s);
    const { cookie } = await login(a, 'gouxiao');
    expect((await get(node1s, cookie)).statusCode).toBe(200);
    const id = await userIdOf('gouxiao');
    await t.database.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, id));
    try {
      await msUntil401(() => get(node1s, cookie), SESSION_CACHE_MS + 1000);
    } finally {
      await t.database.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, id));
    }
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'a node whose listening connection is lost (PostgreSQL: a connection of its own)',
  () => {
    it('answers from the database until it listens again, so no notification it missed can keep a session alive', async () => {
      const { cookie } = await login(a, 'demo');
      expect((await get(b, cookie)).statusCode).toBe(200);
      const listeners = await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen session_ends%'`,
      );
      expect(rowsOf(listeners).length).toBeGreaterThanOrEqual(2);
      // Ended in SQL, no notification: a node that lost its listener stops answering from memory at once
      // (with it, B would answer this session for the cache's whole minute).
      await endInSql(await userIdOf('demo'));
      await msUntil401(() => get(b, cookie), NOTIFIED_MS);
      // And it listens again (reconnects after a second), answering from memory once more.
      await untilListening(b);
    });
  },
);
