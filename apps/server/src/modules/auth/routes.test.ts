import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { outbox, sessions, users } from '../../db/schema/index.ts';
import { WRONG_CREDENTIALS } from './login.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('current user', () => {
  it('answers the RSA key and no user when logged out', async () => {
    const res = await t.client().get('/api/user/current');
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.status).toBe('OK');
    expect(body.message.exponent).toBe('010001');
    expect(body.message.modulus).toMatch(/^[0-9a-f]{512}$/);
    expect(body.message.loginUser).toBeNull();
  });
});

describe('login', () => {
  it('logs in with an RSA-encrypted password, sets an HttpOnly SameSite cookie and stores only a hash', async () => {
    const c = t.client();
    const res = await c.login('demo', DEMO_PASSWORD);
    expect(res.json()).toEqual({ status: 'OK', message: '登录成功' });
    const cookie = res.cookies.find((k) => k.name === 'factoring_sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const me = (await c.get('/api/user/current')).json().message.loginUser;
    expect(me).toMatchObject({ loginName: 'demo', authority: 'merchant', certified: true, ckFlag: 'N' });
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.id, cookie.value));
    expect(stored).toHaveLength(0); // the table keeps the token's hash, never the token
  });

  it('refuses a plain-text password: it must be encrypted', async () => {
    const res = await t.client().post('/api/login', { username: 'demo', password: DEMO_PASSWORD });
    expect(res.json()).toEqual({ status: 'ERROR', message: '密码加密数据无效，请刷新页面后重试' });
  });

  it('answers exactly the same for an unknown user and a wrong password', async () => {
    const unknown = (await t.client().login('nobody_here', 'whatever1')).json();
    expect(unknown).toEqual({ status: 'ERROR', message: WRONG_CREDENTIALS });
    const wrong = (await t.client().login('gouxiao', 'Wrong1234')).json();
    expect(wrong).toEqual(unknown);
  });

  it('treats a second login as AlreadyOnLine and ends the older session', async () => {
    const first = await t.loginAs('cangchu');
    const second = t.client();
    expect((await second.login('cangchu', DEMO_PASSWORD)).json()).toEqual({ status: 'WARN', message: 'AlreadyOnLine' });
    const old = await first.get('/api/slccbprecredit/isAllowCcbLoan');
    expect(old.statusCode).toBe(401);
    expect((await second.get('/api/slccbprecredit/isAllowCcbLoan')).statusCode).toBe(200);
  });

  it('rotates the session id at every login', async () => {
    const c = await t.loginAs('operator');
    const before = c.cookie;
    await c.login('operator', DEMO_PASSWORD);
    expect(c.cookie).toBeDefined();
    expect(c.cookie).not.toBe(before);
  });

  it('locks the account after five wrong passwords in a row, tells the owner by mail, never the caller', async () => {
    const [{ id }] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.loginName, 'gouxiao'));
    await t.database.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, id));
    const c = t.client();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await c.login('gouxiao', `Wrong${i}xyz1`)).json().message);
    expect(new Set(answers)).toEqual(new Set([WRONG_CREDENTIALS]));
    const [locked] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(locked.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // Even the right password is refused now, with the same answer (a right guess during the lock is not told).
    expect((await c.login('gouxiao', DEMO_PASSWORD)).json()).toEqual({ status: 'ERROR', message: WRONG_CREDENTIALS });
    await expect
      .poll(async () => (await t.database.db.select().from(outbox).where(eq(outbox.toAddress, locked.email!))).map((m) => m.subject))
      .toContain('【鑫链保理】账户已临时锁定');
  });
});

describe('logout', () => {
  it('ends the session so the cookie no longer works', async () => {
    const c = await t.loginAs('demo');
    const res = await c.post('/api/logout');
    expect(res.json()).toEqual({ status: 'OK', message: '已退出登录' });
    const me = (await c.get('/api/user/current')).json().message.loginUser;
    expect(me).toBeNull();
  });
});
