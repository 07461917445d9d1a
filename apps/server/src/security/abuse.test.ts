/**
 * Issue 10: the abuse cases an outside attacker found, kept closed. Each runs against the real app on
 * PGlite and PostgreSQL (the api-pglite and api-postgres projects).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, invoices, outbox, users } from '../db/schema/index.ts';
import { WRONG_CREDENTIALS, MAX_FAILED_LOGINS } from '../modules/auth/index.ts';
import { newKey } from '../modules/ledger/testing.ts';
import { createTestApp, DEMO_PASSWORD, ORIGIN, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const guardHeaders = { 'x-requested-with': 'XMLHttpRequest', origin: ORIGIN, host: 'portal.test' };
const json = { 'content-type': 'application/json' };

async function userRow(loginName: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.loginName, loginName));
  return row;
}

/** A fresh active merchant in demo's enterprise, so lockouts never disturb the shared demo logins. */
async function scratchUser(loginName: string, like = 'demo') {
  const template = await userRow(like);
  const [row] = await t.database.db
    .insert(users)
    .values({
      loginName,
      displayName: loginName,
      email: `${loginName}@example.cn`,
      passwordHash: template.passwordHash,
      enterpriseId: template.enterpriseId,
      authority: template.authority,
    })
    .returning();
  return row;
}

describe('hole 1: mailed links and the same-origin check never follow the Host header', () => {
  it('refuses a reset request whose Origin matches only a forged Host', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reg/forgetPwd',
      headers: { ...json, 'x-requested-with': 'XMLHttpRequest', host: 'evil.example', origin: 'http://evil.example' },
      payload: { account: 'demo' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('mails the link to the origin derived from configuration when PUBLIC_ORIGIN is unset, whatever the Host says', async () => {
    const dev = await createTestApp({ PUBLIC_ORIGIN: '', PORT: '8080' });
    try {
      const [demo] = await dev.database.db.select().from(users).where(eq(users.loginName, 'demo'));
      const res = await dev.app.inject({
        method: 'POST',
        url: '/api/reg/forgetPwd',
        headers: {
          ...json,
          'x-requested-with': 'XMLHttpRequest',
          origin: 'http://localhost:8080',
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
        },
        payload: { account: 'demo' },
      });
      expect(res.json().status).toBe('OK');
      await expect
        .poll(
          async () =>
            (await dev.database.db.select().from(outbox).where(eq(outbox.toAddress, demo.email!)).orderBy(desc(outbox.id)).limit(1))[0]
              ?.body ?? '',
        )
        .toContain('http://localhost:8080/trade/resetpwd?token=');
      const all = await dev.database.db.select({ body: outbox.body }).from(outbox);
      expect(all.some((m) => m.body.includes('evil.example'))).toBe(false);
    } finally {
      await dev.close();
    }
  });
});

describe('hole 2: the anti-forgery guard and the session agree with the router on encoded paths', () => {
  it('refuses a login through /%61pi/login without the marker and origin', async () => {
    for (const url of ['/%61pi/login', '/%61%70%69/login', '/api/%6cogin']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'portal.test' },
        payload: `username=demo&password=${encodeURIComponent(t.encrypt(DEMO_PASSWORD))}`,
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.cookies.find((c) => c.name === 'factoring_sid')).toBeUndefined();
    }
  });

  it('refuses a forced logout and reset-mail spam through an encoded prefix; the session still works', async () => {
    const c = await t.loginAs('gouxiao');
    const before = (await t.database.db.select({ n: count() }).from(outbox))[0].n;
    const logout = await t.app.inject({ method: 'POST', url: '/%61pi/logout', headers: { host: 'portal.test', cookie: c.cookie! } });
    expect(logout.statusCode).toBe(403);
    const spam = await t.app.inject({
      method: 'POST',
      url: '/%61pi/reg/forgetPwd',
      headers: { ...json, host: 'portal.test' },
      payload: { account: 'gouxiao' },
    });
    expect(spam.statusCode).toBe(403);
    expect((await c.get('/api/user/current')).json().message.loginUser.loginName).toBe('gouxiao');
    expect((await t.database.db.select({ n: count() }).from(outbox))[0].n).toBe(before);
  });

  it('resolves the session on the routed path, so an encoded read sees the same caller', async () => {
    const c = await t.loginAs('cangchu');
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/user/current', headers: { host: 'portal.test', cookie: c.cookie! } });
    expect(res.json().message.loginUser?.loginName).toBe('cangchu');
  });
});

describe('hole 3: parallel wrong passwords are all counted', () => {
  it('counts 20 parallel failures as 20 and locks the account', async () => {
    const u = await scratchUser('parallel_guess');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => t.client().login(u.loginName, `Wrong${i}pass`)));
    expect(answers.map((r) => r.json())).toEqual(Array(20).fill({ status: 'ERROR', message: WRONG_CREDENTIALS }));
    const after = await userRow(u.loginName);
    expect(after.failedLogins).toBe(20);
    expect(after.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await t.client().login(u.loginName, DEMO_PASSWORD)).json().message).toBe(WRONG_CREDENTIALS);
  });
});

describe('hole 4: login does not tell which accounts exist', () => {
  it('answers an unknown account exactly like a wrong password', async () => {
    const u = await scratchUser('enum_target');
    const unknown = await t.client().login('no_such_account_x', 'Wrong1pass');
    const wrong = await t.client().login(u.loginName, 'Wrong1pass');
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toEqual({ status: 'ERROR', message: WRONG_CREDENTIALS });
  });

  it('takes the same time for an unknown account as for a wrong password (medians within 2x)', async () => {
    const u = await scratchUser('timing_target');
    const time = async (loginName: string) => {
      const started = performance.now();
      await t.client().login(loginName, 'Wrong1pass');
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 12; i++) {
      // Never locked, so every known attempt is a real password check.
      await t.database.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, u.id));
      known.push(await time(u.loginName));
      unknown.push(await time(`nobody_${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratio = median(known) / median(unknown);
    expect(ratio, `known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('hole 5: money confirmations cannot be guessed without limit', () => {
  it('counts wrong confirmations toward the login lockout: of 30 parallel guesses at most 5 are checked', async () => {
    const u = await scratchUser('confirm_guess');
    const c = await t.loginAs(u.loginName, DEMO_PASSWORD);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        c.post('/api/funds/withdraw', { amount: 100, password: t.encrypt(`Guess${i}word`), idempotencyKey: newKey() }, { json: true }),
      ),
    );
    const messages = guesses.map((r) => r.json().message as string);
    expect(messages.filter((m) => m.startsWith('登录密码不正确')).length).toBeLessThanOrEqual(MAX_FAILED_LOGINS);
    expect(messages.filter((m) => m.includes('账户已锁定')).length).toBeGreaterThanOrEqual(30 - MAX_FAILED_LOGINS);
    expect((await userRow(u.loginName)).failedLogins).toBe(30);
    // The right password is refused too while locked, and so is a new login.
    const right = await c.post(
      '/api/funds/withdraw',
      { amount: 100, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
      { json: true },
    );
    expect(right.json().message).toContain('账户已锁定');
    expect((await t.client().login(u.loginName, DEMO_PASSWORD)).json().message).toBe(WRONG_CREDENTIALS);
  });
});

describe('hole 10: an invoice exists once in the whole portal while it is live', () => {
  it('refuses another enterprise registering the demo verified invoice', async () => {
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.status, 'VERIFIED')).limit(1);
    expect(invoice).toBeDefined();
    const other = await t.loginAs('cangchu');
    const cangchu = await userRow('cangchu');
    expect(cangchu.enterpriseId).not.toBe(invoice.enterpriseId);
    const res = await other.post(
      '/api/supplyloan/invoices',
      {
        invoiceCode: invoice.invoiceCode,
        invoiceNumber: invoice.invoiceNumber,
        issueDate: invoice.issueDate,
        amount: invoice.amount,
        taxAmount: invoice.taxAmount,
        buyerEnterpriseId: invoice.buyerEnterpriseId,
      },
      { json: true },
    );
    expect(res.json().status).toBe('ERROR');
    const copies = await t.database.db
      .select({ n: count() })
      .from(invoices)
      .where(and(eq(invoices.invoiceCode, invoice.invoiceCode), eq(invoices.invoiceNumber, invoice.invoiceNumber)));
    expect(copies[0].n).toBe(1);
  });
});

describe('hole 11: demo users do not share a salt or a hash', () => {
  it('gives every seeded user its own salt', async () => {
    const rows = await t.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(sql`${users.loginName} in ('demo','cangchu','gouxiao','operator','xinqiye')`);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.hash.split('$')[4])).size).toBe(5);
  });
});

describe('hole 12: authenticate before validating; no caching; sandboxed contract PDFs', () => {
  it('answers 401, not 400 naming fields, to an anonymous caller with a bad body', async () => {
    for (const [method, url] of [
      ['POST', '/api/funds/withdraw'],
      ['POST', '/api/supplyloan/invoices'],
      ['GET', '/api/contracts/abc'],
      ['GET', '/api/uploads/not-a-number'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...json, ...guardHeaders },
        ...(method === 'POST' ? { payload: '{"amount":{"x":1}}' } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.body).not.toContain('field');
    }
  });

  it('marks authenticated JSON Cache-Control: no-store', async () => {
    const c = await t.loginAs('demo');
    const res = await t.app.inject({ method: 'GET', url: '/api/user/current', headers: { host: 'portal.test', cookie: c.cookie! } });
    expect(res.headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({ method: 'GET', url: '/api/contracts', headers: { host: 'portal.test', cookie: c.cookie! } });
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('serves contract PDFs with a sandbox policy', async () => {
    const c = await t.loginAs('demo');
    const demo = await userRow('demo');
    const [contract] = await t.database.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.enterpriseId, demo.enterpriseId!))
      .limit(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/contracts/${contract.id}/file`,
      headers: { host: 'portal.test', cookie: c.cookie! },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
