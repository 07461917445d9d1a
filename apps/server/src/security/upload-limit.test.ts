/**
 * Issue 10 hole 9: an upload over the limit is always refused with 413, leaving no file and no row.
 * Sent over a real socket (not inject), where the body arrives in chunks as from a browser.
 */
import { request as httpRequest } from 'node:http';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema/index.ts';
import { createTestApp, ORIGIN, type TestApp } from '../test/harness.ts';
import { multipartBody, PNG_1X1 } from '../modules/uploads/testing.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
  } catch {
    return [];
  }
}

const CHUNK = 64 * 1024;

/**
 * Posts a multipart body the way a slow client does: the part headers first, then the file in
 * 64 KB chunks aligned to the file's start, each its own write — so the 5 MB limit can fall exactly
 * on a chunk boundary, where the parser sets `truncated` without handing over another chunk.
 * Answers the status, or 'reset' when the server hung up before answering.
 */
function post(cookie: string, body: Buffer, contentType: string, fileStart: number): Promise<number | 'reset'> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/uploads',
        headers: {
          cookie,
          origin: ORIGIN,
          'x-requested-with': 'XMLHttpRequest',
          'content-type': contentType,
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve('reset'));
    const pieces = [body.subarray(0, fileStart)];
    for (let offset = fileStart; offset < body.length; offset += CHUNK) pieces.push(body.subarray(offset, offset + CHUNK));
    void (async () => {
      for (const piece of pieces) {
        if (req.destroyed) return;
        if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
        await new Promise((r) => setImmediate(r));
      }
      req.end();
    })();
  });
}

describe('oversized uploads', () => {
  it('answers 413 to 20 uploads of 6–12 MB, and stores no file and no row', async () => {
    const c = await t.loginAs('demo');
    const root = path.join(t.config.DATA_DIR, 'uploads');
    const filesBefore = filesUnder(root).length;
    const [{ n: rowsBefore }] = await t.database.db.select({ n: count() }).from(uploads);
    const statuses: (number | 'reset')[] = [];
    for (let i = 0; i < 20; i++) {
      const size = Math.round((6 + (6 * i) / 19) * 1024 * 1024);
      const bytes = Buffer.concat([PNG_1X1, randomBytes(size - PNG_1X1.length)]);
      const { payload, contentType } = multipartBody({ name: `big${i}.png`, type: 'image/png', bytes }, { purpose: 'TEST' });
      statuses.push(await post(c.cookie!, payload, contentType, payload.indexOf(bytes.subarray(0, 64))));
    }
    expect(statuses).toEqual(Array(20).fill(413));
    const [{ n: rowsAfter }] = await t.database.db.select({ n: count() }).from(uploads);
    expect(rowsAfter).toBe(rowsBefore);
    expect(filesUnder(root).length).toBe(filesBefore);
  }, 120_000);
});
