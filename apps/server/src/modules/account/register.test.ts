import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterprises, regChallenges, users } from '../../db/schema/index.ts';
import { createTestApp, ORIGIN, type TestApp } from '../../test/harness.ts';
import { latestMail, register, registration, solvedChallenge, solvePow, tokenIn } from './testing.ts';
import { powDifficulty } from './challenge.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
const enterpriseCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(enterprises))[0].n;

describe('registration', () => {
  it('creates an uncertified enterprise and an inactive merchant, and mails an activation link', async () => {
    const c = t.client();
    const { body, sent } = await register(t, c, {
      loginName: 'New_Trader1',
      email: 'New.Trader@Example.CN',
      enterpriseName: '  宁波新远（国际）贸易有限公司 ',
    });
    expect(body).toEqual({ status: 'OK', message: { loginName: 'New_Trader1', email: 'new.trader@example.cn' } });
    const [u] = await t.database.db.select().from(users).where(eq(users.loginName, 'New_Trader1'));
    expect(u).toMatchObject({
      status: 'INACTIVE',
      authority: 'merchant',
      email: 'new.trader@example.cn',
      mobile: sent.mobile,
      ckFlag: 'N',
    });
    expect(u.passwordHash).toMatch(/^scrypt\$/);
    const [e] = await t.database.db.select().from(enterprises).where(eq(enterprises.id, u.enterpriseId!));
    expect(e).toMatchObject({ name: '宁波新远（国际）贸易有限公司', certified: false });

    const mail = await latestMail(t, 'new.trader@example.cn');
    expect(mail).toMatchObject({ subject: '【鑫链保理】请激活您的账户', status: 'LOCAL' });
    // The link points at the configured public origin (the harness configures http://portal.test).
    expect(mail!.body).toContain(`http://portal.test/trade/activate?token=${tokenIn(mail!.body, '/trade/activate')}`);
  });

  it('refuses a login before activation with a clear message', async () => {
    const c = t.client();
    const { sent } = await register(t, c, { password: 'Inactive123' });
    const res = (await c.login(sent.loginName, 'Inactive123')).json();
    expect(res).toEqual({ status: 'ERROR', message: '账户尚未激活，请点击激活邮件中的链接', code: 'INACTIVE' });
  });

  it('keeps login names unique whatever their case, and emails too', async () => {
    const c = t.client();
    const first = await register(t, c, { loginName: 'Case_User' });
    expect(first.body.status).toBe('OK');
    expect((await register(t, c, { loginName: 'case_USER' })).body).toEqual({
      status: 'ERROR',
      message: '该登录名已被注册，请换一个',
      field: 'loginName',
    });
    expect((await register(t, c, { loginName: 'DEMO' })).body.field).toBe('loginName');
    expect((await register(t, c, { email: 'DEMO@xinyuan.example.cn' })).body).toEqual({
      status: 'ERROR',
      message: '该邮箱已被注册，可直接登录或找回密码',
      field: 'email',
    });
  });

  it.each([
    ['email', { email: 'not-an-email' }, '请输入正确的邮箱地址'],
    ['loginName', { loginName: 'abc' }, '登录名须为 4–20 位字母、数字或下划线'],
    ['loginName', { loginName: 'a'.repeat(21) }, '登录名须为 4–20 位字母、数字或下划线'],
    ['loginName', { loginName: '张三abc' }, '登录名须为 4–20 位字母、数字或下划线'],
    ['enterpriseName', { enterpriseName: '公' }, undefined],
    ['mobile', { mobile: '12812345678' }, '请输入正确的 11 位手机号码'],
    ['mobile', { mobile: '1391234567' }, undefined],
    ['password', { password: 'onlyletters' }, '密码至少 8 位，且须同时包含字母和数字'],
    ['password', { password: '12345678' }, undefined],
    ['password', { password: 'Sh0rt' }, undefined],
    ['confirmPassword', { password: 'Passw0rd!', confirmPassword: 'Passw0rd?' }, '两次输入的密码不一致'],
    ['agree', { agree: false }, undefined],
  ])('answers a refused %s under its field and stores nothing (%o)', async (field, over, message) => {
    const [usersBefore, enterprisesBefore] = [await userCount(), await enterpriseCount()];
    const { res, body } = await register(t, t.client(), over);
    expect(res.statusCode).toBe(200);
    expect(body.status).toBe('ERROR');
    expect(body.field).toBe(field);
    if (message) expect(body.message).toBe(message);
    expect(await userCount()).toBe(usersBefore);
    expect(await enterpriseCount()).toBe(enterprisesBefore);
  });

  it('refuses passwords that were not encrypted in the browser', async () => {
    const { body } = await register(t, t.client(), { password: 'Passw0rd!' }, { encrypt: false });
    expect(body).toEqual({ status: 'ERROR', message: '密码加密数据无效，请刷新页面后重试', field: 'password' });
  });

  it('answers SQL and HTML in every field with a field error, never a 500, storing nothing', async () => {
    const nasty = ["'; drop table users; --", '<script>alert(1)</script>', '" or 1=1 --', '<img src=x onerror=alert(1)>'];
    const before = [await userCount(), await enterpriseCount()];
    for (const value of nasty) {
      for (const field of ['email', 'loginName', 'enterpriseName', 'mobile', 'password', 'confirmPassword', 'challenge', 'counter']) {
        // One field replaced by the nasty value as it is (a password field then holds no valid ciphertext).
        const body = { ...(await registration(t, t.client())), [field]: value };
        const res = await t.client().post('/api/reg/email', body, { json: true });
        expect(res.statusCode, `${field}=${value}`).toBe(200);
        expect(res.json().status).toBe('ERROR');
        expect(res.json().field).toBe(field === 'counter' ? 'challenge' : field);
      }
      // …and a valid password whose plain text is SQL or HTML is simply a password: encrypted, hashed.
    }
    expect([await userCount(), await enterpriseCount()]).toEqual(before);
    const pw = (await register(t, t.client(), { password: "x1'; drop table users; --<b>" })).body;
    expect(pw.status).toBe('OK');
  });

  it('answers oversized fields with 400 naming the field', async () => {
    const before = await userCount();
    for (const [field, size] of [
      ['email', 300],
      ['loginName', 100],
      ['enterpriseName', 500],
      ['mobile', 100],
      ['password', 5000],
      ['challenge', 100],
    ] as const) {
      const body = await registration(t, t.client(), { [field]: 'x'.repeat(size) }, { encrypt: false });
      const res = await t.client().post('/api/reg/email', body, { json: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await userCount()).toBe(before);
  });

  it('answers a malformed body with 400, not 500', async () => {
    const res = await t.client().post('/api/reg/email', { email: 'a@b.cn' }, { json: true });
    expect(res.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/reg/email',
      payload: '{"email":',
      headers: { host: 'portal.test', origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('the proof-of-work challenge', () => {
  it('issues a random nonce with a difficulty, solvable from the outside', async () => {
    const a = (await t.client().get('/api/reg/challenge')).json().message;
    const b = (await t.client().get('/api/reg/challenge')).json().message;
    expect(a.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.difficulty).toBeGreaterThanOrEqual(12);
    expect(solvePow(a.nonce, a.difficulty)).toMatch(/^\d+$/);
  });

  it('asks 16 bits by default and in production; fewer (not under 12) only under NODE_ENV=test', () => {
    expect(powDifficulty({})).toBe(16);
    expect(powDifficulty({ REGISTRATION_POW_BITS: '12' })).toBe(16);
    expect(powDifficulty({ NODE_ENV: 'production', REGISTRATION_POW_BITS: '12' })).toBe(16);
    expect(powDifficulty({ NODE_ENV: 'development', REGISTRATION_POW_BITS: '12' })).toBe(16);
    expect(powDifficulty({ NODE_ENV: 'test', REGISTRATION_POW_BITS: '12' })).toBe(12);
    expect(powDifficulty({ NODE_ENV: 'test', REGISTRATION_POW_BITS: '4' })).toBe(16);
    expect(powDifficulty({ NODE_ENV: 'test', REGISTRATION_POW_BITS: '20' })).toBe(16);
  });

  it('refuses work that does not meet the difficulty', async () => {
    const c = t.client();
    const { challenge, counter } = await solvedChallenge(c);
    // The smallest counter with enough zero bits is the solution; every smaller one falls short.
    const short = String(Number(counter) - 1);
    const { body } = await register(t, c, { challenge, counter: Number(counter) > 0 ? short : 'x' });
    expect(body).toEqual({ status: 'ERROR', message: '安全校验未通过或已过期，请重新校验', field: 'challenge' });
  });

  it('accepts a solved challenge once: a replay is refused', async () => {
    const c = t.client();
    const solved = await solvedChallenge(c);
    expect((await register(t, c, solved)).body.status).toBe('OK');
    expect((await register(t, c, solved)).body).toMatchObject({ status: 'ERROR', field: 'challenge' });
  });

  it('is consumed even when the registration is refused afterwards, so one solution buys one answer', async () => {
    const c = t.client();
    const solved = await solvedChallenge(c);
    expect((await register(t, c, { ...solved, loginName: 'demo' })).body.field).toBe('loginName');
    expect((await register(t, c, solved)).body.field).toBe('challenge');
  });

  it('refuses an expired challenge and an unknown one', async () => {
    const c = t.client();
    const solved = await solvedChallenge(c);
    await t.database.db
      .update(regChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(regChallenges.nonce, solved.challenge));
    expect((await register(t, c, solved)).body.field).toBe('challenge');
    const unknown = 'ab'.repeat(16);
    expect((await register(t, c, { challenge: unknown, counter: solvePow(unknown, 16) })).body.field).toBe('challenge');
  });
});

describe('rate limits', () => {
  it('answers 429 with a Chinese message past the per-IP limit', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const c = limited.client();
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await c.post('/api/reg/forgetPwd', { account: 'nobody_x' }, { json: true })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await c.post('/api/reg/forgetPwd', { account: 'nobody_x' }, { json: true });
      expect(res.json()).toEqual({ status: 'ERROR', message: '操作过于频繁，请稍后再试' });
      for (const [url, body, json] of [
        ['/api/reg/email', {}, true],
        ['/api/reg/resetPwd', { token: 'x', password: 'x', confirmPassword: 'x' }, false],
        ['/api/reg/resendActivation', { account: 'nobody_x' }, true],
        ['/api/login', { username: 'nobody_x', password: 'x' }, false],
      ] as const) {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await c.post(url, body, { json })).statusCode);
        expect(statuses.at(-1), url).toBe(429);
      }
      const challenges: number[] = [];
      for (let i = 0; i < 4; i++) challenges.push((await c.get('/api/reg/challenge')).statusCode);
      expect(challenges.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('links', () => {
  it('use PUBLIC_ORIGIN when it is set', async () => {
    const other = await createTestApp({ PUBLIC_ORIGIN: 'https://portal.example.cn,http://portal.test' });
    try {
      const c = other.client();
      const { body, sent } = await register(other, c, {}, {});
      // The request guard accepts only configured origins: the harness's own is the second one.
      expect(body.status).toBe('OK');
      const mail = await latestMail(other, sent.email as string);
      expect(mail!.body).toMatch(/https:\/\/portal\.example\.cn\/trade\/activate\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await other.close();
    }
  });
});
