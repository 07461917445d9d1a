import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answers, pageOf } from '@factoring/domain/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, ORIGIN, type TestApp } from '../test/harness.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

describe('the compiled response serializer (production)', () => {
  let app: FastifyInstance;
  const item = z.object({ id: z.number().int(), name: z.string(), memo: z.string().nullable(), note: z.string().optional() });
  beforeAll(async () => {
    app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler('compiled'));
    const reply = (answer: unknown) => async () => answer as never;
    const route = (url: string, answer: unknown) => app.get(url, { schema: { response: answers(pageOf(item)) } }, reply(answer));
    route('/leaky', {
      status: 'OK',
      message: { items: [{ id: 1, name: '甲', memo: null, passwordHash: 'secret', extra: { x: 1 } }], totalCount: 1, internal: true },
    });
    route('/refused', { status: 'ERROR', message: '余额不足', code: 'INSUFFICIENT', stack: 'at …' });
    route('/warn', { status: 'WARN', message: { items: [], totalCount: 0 } });
    route('/unknown-status', { status: 'MAYBE', message: 'x' });
    await app.ready();
  });
  afterAll(() => app.close());

  it('writes only the declared fields: an undeclared column never leaks', async () => {
    const res = await app.inject('/leaky');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"status":"OK","message":{"items":[{"id":1,"name":"甲","memo":null}],"totalCount":1}}');
  });

  it('picks the envelope by status: the ERROR answer and WARN keep their own shapes', async () => {
    expect((await app.inject('/refused')).body).toBe('{"status":"ERROR","message":"余额不足","code":"INSUFFICIENT"}');
    expect((await app.inject('/warn')).body).toBe('{"status":"WARN","message":{"items":[],"totalCount":0}}');
  });

  it('refuses an answer outside the contract (500), never sends it', async () => {
    const res = await app.inject('/unknown-status');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('MAYBE');
  });
});

/**
 * The production serializer must answer byte for byte what the validating one answers: every GET
 * route of the OpenAPI document without path parameters, called by the same users on two apps over
 * one database — one validating (development, tests), one compiled (production).
 */
describe('production answers equal validated answers on every GET route', () => {
  let t: TestApp;
  let compiled: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    compiled = await buildApp(loadConfig({ ...stringConfig(t), RESPONSE_VALIDATION: 'off' }), t.database);
    await compiled.ready();
  });
  afterAll(async () => {
    await compiled?.close();
    await t?.close();
  });

  /** Keys in order with the type of every value: what the serializer decides, whatever the data. */
  const shapeOf = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(shapeOf)
      : v && typeof v === 'object'
        ? Object.entries(v).map(([k, x]) => [k, shapeOf(x)])
        : v === null
          ? null
          : typeof v;
  const stringConfig = (x: TestApp) => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    AUTH_RATE_LIMIT: '1000',
    DATA_DIR: x.config.DATA_DIR,
    PUBLIC_ORIGIN: ORIGIN,
    SIGNING_KEY_SECRET: x.config.SIGNING_KEY_SECRET,
  });

  it('answers identically for demo, the warehouse user and the operator', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.entries(spec.paths)
      .filter(([p, ops]) => ops.get && !p.includes('{') && !/export|download|file|pdf|captcha/i.test(p))
      .map(([p]) => p);
    expect(paths.length).toBeGreaterThan(30);
    let compared = 0;
    let identical = 0;
    const differences: unknown[] = [];
    for (const user of ['demo', 'cangchu', 'operator']) {
      const client = await t.loginAs(user);
      for (const url of paths) {
        const headers = { host: 'portal.test', cookie: client.cookie! };
        const [a, b] = [await t.app.inject({ method: 'GET', url, headers }), await compiled.inject({ method: 'GET', url, headers })];
        if (!String(a.headers['content-type']).startsWith('application/json')) continue;
        compared++;
        // A fresh nonce or timestamp differs between two calls; then the shapes must still be equal.
        if (
          b.statusCode !== a.statusCode ||
          (b.body !== a.body && JSON.stringify(shapeOf(b.json())) !== JSON.stringify(shapeOf(a.json())))
        ) {
          differences.push({
            url,
            user,
            validated: `${a.statusCode} ${a.body.slice(0, 300)}`,
            compiled: `${b.statusCode} ${b.body.slice(0, 300)}`,
          });
        }
        if (b.body === a.body) identical++;
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(60);
    expect(identical).toBeGreaterThan(compared * 0.9);
  });
});
