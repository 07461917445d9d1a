import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BusinessError, NotFoundError } from '../lib/envelope.ts';
import { errorsPlugin } from './errors.ts';

async function appWith(routes: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify({ genReqId: () => '11111111-2222-3333-4444-555555555555' });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  routes(app);
  return app;
}

describe('errors plugin', () => {
  it('turns a real fault into 500 with the request id and no internals', async () => {
    const app = await appWith((a) => a.get('/api/boom', async () => Promise.reject(new Error('secret internals at db.ts:42'))));
    const res = await app.inject('/api/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('11111111-2222-3333-4444-555555555555');
    expect(res.body).not.toContain('secret internals');
  });

  it('answers a refused business rule as 200 with status ERROR', async () => {
    const app = await appWith((a) => a.get('/api/rule', async () => Promise.reject(new BusinessError('可用余额不足'))));
    const res = await app.inject('/api/rule');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ERROR', message: '可用余额不足' });
  });

  it('answers a record the caller may not see as 404', async () => {
    const app = await appWith((a) => a.get('/api/hidden', async () => Promise.reject(new NotFoundError())));
    expect((await app.inject('/api/hidden')).statusCode).toBe(404);
  });

  it('names the failing field of a nested body', async () => {
    const app = await appWith((a) =>
      a.post(
        '/api/nested',
        { schema: { body: z.object({ payee: z.object({ accountNo: z.string().regex(/^\d+$/) }) }) } },
        async () => 'ok',
      ),
    );
    const res = await app.inject({ method: 'POST', url: '/api/nested', payload: { payee: { accountNo: 'abc' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('payee.accountNo');
  });
});
