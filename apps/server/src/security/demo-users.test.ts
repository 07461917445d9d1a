/**
 * Issue 21 item 4: the demo users' password is published (README), so a production node over a
 * database holding the demo world must never let them in: their logins are refused with the answer of
 * a wrong password, and their sessions end at their next call. Other users are not affected.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index.ts';
import { countDemoUsers, DEMO_USERS, markDemoUsers } from '../seed/demo-world.ts';
import { hashPassword } from '../lib/passwords.ts';
import { WRONG_CREDENTIALS, sessionStore } from '../modules/auth/index.ts';
import { createTestApp, DEMO_PASSWORD, ORIGIN, type TestApp } from '../test/harness.ts';

const DEMO_LOGINS = Object.values(DEMO_USERS);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'production', PUBLIC_ORIGIN: ORIGIN, JOBS: 'off' });
});
afterAll(() => t.close());

const userRow = async (loginName: string) => (await t.database.db.select().from(users).where(eq(users.loginName, loginName)))[0];

describe('demo users on a production node', () => {
  it('the demo seed marks every user it creates as a demo user', async () => {
    expect(t.config.NODE_ENV).toBe('production');
    const rows = await t.database.db.select({ loginName: users.loginName, demo: users.demo }).from(users).where(eq(users.demo, true));
    expect(rows.map((r) => r.loginName).sort()).toEqual([...DEMO_LOGINS].sort());
    expect(await countDemoUsers(t.database.db)).toBe(DEMO_LOGINS.length);
  });

  it('refuses demo, operator, fuhe (every demo user) with the published password, answering like an unknown name', async () => {
    const unknown = (await t.client().login('no_such_demo_user', DEMO_PASSWORD)).json();
    expect(unknown).toEqual({ status: 'ERROR', message: WRONG_CREDENTIALS });
    for (const loginName of ['demo', 'operator', 'fuhe', ...DEMO_LOGINS]) {
      const c = t.client();
      const res = await c.login(loginName, DEMO_PASSWORD);
      expect(res.json(), loginName).toEqual(unknown);
      expect(
        res.cookies.find((k) => k.name === 'factoring_sid'),
        loginName,
      ).toBeUndefined();
      expect((await c.get('/api/user/current')).json().message.loginUser, loginName).toBeNull();
    }
    // Nothing is counted against them (no lock, no lock mail to the demo addresses): they are simply not there.
    const demo = await userRow('demo');
    expect(demo.failedLogins).toBe(0);
    expect(demo.lockedUntil).toBeNull();
  });

  it('lets a user that is not a demo user log in', async () => {
    await t.database.db.insert(users).values({
      loginName: 'real_operator',
      displayName: '真实运营',
      passwordHash: await hashPassword('Real1234pass'),
      authority: 'operator',
    });
    const c = t.client();
    expect((await c.login('real_operator', 'Real1234pass')).json()).toEqual({ status: 'OK', message: '登录成功' });
    expect((await c.get('/api/user/current')).json().message.loginUser).toMatchObject({ loginName: 'real_operator' });
  });

  it('ends a demo user session opened before (e.g. while the node ran in development)', async () => {
    const operator = await userRow('operator');
    const before = sessionStore(t.database.db, { idleMinutes: 30, absoluteMinutes: 720 });
    const { token } = await before.open(operator.id, { ip: '127.0.0.1' });
    const cookie = `factoring_sid=${token}`;
    const me = await t.app.inject({ method: 'GET', url: '/api/user/current', headers: { host: 'portal.test', cookie } });
    expect(me.json().message.loginUser).toBeNull();
    const guarded = await t.app.inject({ method: 'GET', url: '/api/bpm/tasks', headers: { host: 'portal.test', cookie } });
    expect(guarded.statusCode).toBe(401);
    const ended = await t.database.db.select().from(sessions).where(eq(sessions.userId, operator.id));
    expect(ended.every((s) => s.endedAt !== null)).toBe(true);
  });

  it('marks the demo users of a database seeded before the flag: demo login names still on the published password', async () => {
    await t.database.db.update(users).set({ demo: false }).where(inArray(users.loginName, DEMO_LOGINS));
    // One of them has had its password changed: not the published one any more, so not marked.
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Changed1234') })
      .where(eq(users.loginName, DEMO_USERS.fresh));
    expect(await countDemoUsers(t.database.db)).toBe(0);
    expect((await t.client().login('demo', DEMO_PASSWORD)).json().status).toBe('OK'); // the hole, before marking
    await markDemoUsers(t.database.db);
    const marked = await t.database.db.select({ loginName: users.loginName }).from(users).where(eq(users.demo, true));
    expect(marked.map((r) => r.loginName).sort()).toEqual(DEMO_LOGINS.filter((l) => l !== DEMO_USERS.fresh).sort());
    expect((await t.client().login('demo', DEMO_PASSWORD)).json()).toEqual({ status: 'ERROR', message: WRONG_CREDENTIALS });
    await markDemoUsers(t.database.db); // idempotent
    expect(await countDemoUsers(t.database.db)).toBe(DEMO_LOGINS.length - 1);
  });
});
