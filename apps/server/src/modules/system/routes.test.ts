import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GIT_COMMIT: 'abc1234' });
});
afterAll(() => t.close());

describe('system calls', () => {
  it('answers the version with commit and build time', async () => {
    const body = (await t.client().get('/api/system/version')).json();
    expect(body.status).toBe('OK');
    expect(body.message).toMatchObject({ version: '0.1.0', commit: 'abc1234' });
    expect(Number.isNaN(Date.parse(body.message.buildTime))).toBe(false);
  });

  it('answers the SPEC §3 site configuration with fees in cents', async () => {
    const body = (await t.client().get('/api/initcfg')).json();
    expect(body.message.fees).toEqual({ withdraw: 2000, inTransfer: 2000 });
    expect(body.message.factoringAccount).toEqual({
      accountName: expect.any(String),
      bankBranchName: expect.any(String),
      accountNo: expect.stringMatching(/^\d+$/),
    });
    expect(body.message.secondAccount.accountNo).toMatch(/^\d+$/);
    expect(body.message.virtualAccountBankName).toBeTruthy();
    expect(body.message.contactPhone).toBeTruthy();
  });

  it('reports liveness and readiness', async () => {
    expect((await t.client().get('/healthz')).statusCode).toBe(200);
    expect((await t.client().get('/readyz')).json().message).toBe('ready');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/login']).toBeDefined();
  });

  it('answers dictionaries by type', async () => {
    const body = (await t.client().get('/api/sys/dict/listData', { type: 'authStatus' })).json();
    expect(body.message.map((e: { value: string }) => e.value)).toEqual(['DRAFT', 'PENDING', 'APPROVED', 'REJECTED']);
  });
});

describe('the contract', () => {
  it('refuses a state-changing call without the XMLHttpRequest marker', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { host: 'portal.test', origin: 'http://portal.test' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe('ERROR');
  });

  it('refuses a state-changing call from another origin', async () => {
    const res = await t.client().post('/api/logout', {}, { headers: { origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 naming the failing field', async () => {
    const res = await t.client().get('/api/sys/dict/listData');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('type');
  });

  it('answers 401 as JSON when a call needs a login', async () => {
    const res = await t.client().get('/api/slccbprecredit/isAllowCcbLoan');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'ERROR', message: '登录已失效，请重新登录' });
  });

  it('answers 404 as JSON for an unknown API path', async () => {
    const res = await t.client().get('/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('ERROR');
  });

  it('sends helmet security headers', async () => {
    const res = await t.client().get('/api/initcfg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
