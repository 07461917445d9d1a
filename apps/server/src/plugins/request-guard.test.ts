import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { LOCAL_CONTROL_HEADER } from '../control/local-control.ts';
import { acquireDataDirLock, type DataDirLock } from '../db/data-dir-lock.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * Issue 37 item 2: `npm run backup` (and jobs:daily, ledger:check, stock:check, branches:import) against a
 * server started with PUBLIC_ORIGIN answered 403 请求来源不被允许. A local command proven by the lock file's
 * token is not a browser: no origin rule applies to it — and to nothing else.
 */
const PUBLIC = 'https://portal.example';
let t: TestApp;
let app: FastifyInstance;
let lock: DataDirLock;
let lockDir: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: PUBLIC });
  // The same app on the same database, holding a data-directory lock as `npm start` on PGlite does.
  lockDir = mkdtempSync(path.join(tmpdir(), 'guard-lock-'));
  lock = acquireDataDirLock(path.join(lockDir, 'pglite.lock'));
  app = await buildApp(t.config, { ...t.database, lock });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  lock?.release();
  await t?.close();
  rmSync(lockDir, { recursive: true, force: true });
});

const local = (headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/local/jobs/no-such-job/run',
    headers: { 'content-type': 'application/json', ...headers },
    payload: '{}',
  });

describe('the request guard and the local control route', () => {
  it('accepts the local command with the token, whatever its Origin (none, the loopback URL, another)', async () => {
    for (const origin of [undefined, 'http://127.0.0.1:8080', 'https://elsewhere.example']) {
      const res = await local({ [LOCAL_CONTROL_HEADER]: lock.holder.token, ...(origin ? { origin } : {}) });
      expect(res.statusCode, `origin ${origin}`).toBe(200);
      // The route ran: it names the job it does not know.
      expect(res.json()).toEqual({ status: 'ERROR', message: '定时任务不存在：no-such-job' });
    }
    const check = await app.inject({
      method: 'GET',
      url: '/api/local/ledger-check',
      headers: { [LOCAL_CONTROL_HEADER]: lock.holder.token },
    });
    expect(check.json().status).toBe('OK');
  });

  it('keeps the token check strict: a wrong, shortened or missing token is refused', async () => {
    const token = lock.holder.token;
    for (const given of [undefined, '', token.slice(0, -1), `${token.slice(0, -1)}x`, `${token}x`]) {
      const res = await local({
        ...(given === undefined ? {} : { [LOCAL_CONTROL_HEADER]: given }),
        'x-requested-with': 'XMLHttpRequest',
        origin: PUBLIC,
      });
      expect(res.statusCode, `token ${given}`).toBe(403);
      expect(res.json().message).toBe('没有访问权限');
    }
    // Without the token a foreign origin is stopped by the guard itself.
    const foreign = await local({ 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('请求来源不被允许');
  });

  it('opens no other route: the token does not exempt a browser route from the origin rule', async () => {
    for (const url of ['/api/login', '/%61pi/login', '/api/local/../login']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: {
          [LOCAL_CONTROL_HEADER]: lock.holder.token,
          'x-requested-with': 'XMLHttpRequest',
          origin: 'https://evil.example',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'username=demo&password=x',
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('请求来源不被允许');
    }
  });

  it('still refuses a browser call from a foreign Origin and accepts one from the public origin', async () => {
    const post = (origin: string) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-requested-with': 'XMLHttpRequest', origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=demo&password=x',
      });
    const foreign = await post('https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('请求来源不被允许');
    const own = await post(PUBLIC);
    expect(own.statusCode).not.toBe(403);
  });
});
