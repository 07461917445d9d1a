import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AnswerLog, requestPathPlugin } from './request-path.ts';

/** An app with the request path and the access log, its log lines parsed. */
async function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new AnswerLog() });
  await app.register(requestPathPlugin);
  app.get('/api/things', async () => ({ status: 'OK', message: [] }));
  app.get('/api/broken', async () => {
    throw new Error('boom');
  });
  app.get('/assets/app.js', { logLevel: 'warn' }, async () => 'js');
  await app.ready();
  return { app, lines };
}

describe('the access log (AnswerLog)', () => {
  it('writes one line per answered call, with the request id, method, path, status and time — not Fastify’s two', async () => {
    const { app, lines } = await appWithLog();
    const res = await app.inject({ method: 'GET', url: '/api/things?page=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(lines.map((l) => l.msg)).toEqual(['answered']);
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', url: '/api/things?page=1', statusCode: 200 });
    expect(typeof lines[0]!.reqId).toBe('string');
    expect(typeof lines[0]!.ms).toBe('number');
    await app.close();
  });

  it('logs a failed call with its status, and nothing for a route whose level is warn', async () => {
    const { app, lines } = await appWithLog();
    expect((await app.inject({ method: 'GET', url: '/api/broken' })).statusCode).toBe(500);
    expect(lines.filter((l) => l.msg === 'answered').map((l) => l.statusCode)).toEqual([500]);
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
    await app.close();
  });
});
