/**
 * Issue 33 item 8: a refused operator call with a NUL character or an odd amount wrote no audit row
 * ("audit trail not written", 15 in one fuzz): PostgreSQL refuses NUL in text and jsonb, and an amount
 * of 1.5 cents could not be put in words. Every refused call of every audited operation — a 400 of its
 * schema or a business refusal — now writes its row, the body escaped and cut (lib/audit-trail.ts,
 * through the one hook of lib/serve.ts).
 */
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@factoring/domain/contract';
import { bpmAuditLog } from '../../db/schema/index.ts';
import { escapeText, safeDigest } from '../../lib/audit-trail.ts';
import { auditedEndpoints } from './audited-operations.ts';
import { createTestApp, ORIGIN, type TestApp, type TestClient } from '../../test/harness.ts';

let t: TestApp;
let op: TestClient;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000000' });
  op = await t.loginAs('operator');
});
afterAll(() => t.close());

const opOf = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const rowsOf = (operation: string) =>
  t.database.db.select().from(bpmAuditLog).where(eq(bpmAuditLog.operation, operation)).orderBy(desc(bpmAuditLog.id));

/** The field names of an endpoint's body schema (through optional/default/pipe wrappers). */
function fieldsOf(e: Endpoint): string[] {
  let cur = e.body as unknown as { shape?: Record<string, unknown>; _zod?: { def: { innerType?: unknown; in?: unknown } } } | undefined;
  for (let i = 0; i < 6 && cur; i++) {
    if (cur.shape) return Object.keys(cur.shape);
    const def = cur._zod?.def;
    cur = (def?.innerType ?? def?.in) as typeof cur;
  }
  return [];
}

const NUL = 'a\u0000b';
const UNSAFE_INTEGER = JSON.parse('9007199254740993') as number;

async function send(e: Endpoint, url: string, body: string, key: string) {
  return t.app.inject({
    method: e.method,
    url,
    payload: body,
    headers: {
      cookie: op.cookie!,
      host: 'portal.test',
      origin: ORIGIN,
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'idempotency-key': key,
    },
  });
}

describe('every refused operator call is in the audit trail', () => {
  it('a NUL, a control character, a lone surrogate or an odd amount in any field: one row each, the body escaped', async () => {
    const endpoints = auditedEndpoints();
    expect(endpoints.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const e of endpoints) {
      const fields = [...new Set([...fieldsOf(e), 'amount', 'memo'])];
      const url = e.path.replace(/:(\w+)/g, (_, name: string) => (name === 'name' ? 'no-such-job' : '2147483647'));
      const probes: Record<string, unknown>[] = [
        Object.fromEntries(fields.map((f) => [f, NUL])),
        Object.fromEntries(fields.map((f) => [f, 'x\u0007\u001b\ud800y'])),
        Object.fromEntries(fields.map((f) => [f, 1.5])),
        Object.fromEntries(fields.map((f) => [f, 1e308])),
        Object.fromEntries(fields.map((f) => [f, UNSAFE_INTEGER])),
        { ...Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}\u0000`, 'v'.repeat(5000)])), list: Array(1000).fill(NUL) },
      ];
      for (const [i, probe] of probes.entries()) {
        const before = (await rowsOf(opOf(e))).length;
        // JSON.stringify writes a lone surrogate as the escape \ud800, which the server parses back.
        const res = await send(e, url, JSON.stringify(probe), `refused-${e.path}-${i}`);
        expect(res.statusCode, `${opOf(e)} probe ${i}: ${res.body}`).toBeLessThan(500);
        const rows = await rowsOf(opOf(e));
        // One row (a call that succeeds may write several of its own).
        if (rows.length <= before) {
          missing.push(`${opOf(e)} probe ${i} (${res.statusCode})`);
          continue;
        }
        const row = rows[0];
        expect(row.outcome, `${opOf(e)} probe ${i}`).toBe(res.statusCode >= 400 || res.json().status === 'ERROR' ? 'REFUSED' : 'OK');
        const stored = JSON.stringify(row);
        expect(stored).not.toContain('\u0000');
        // Issue 37: every field of the body in its Chinese word, never its name (`formatCode a\u0000b`).
        for (const f of fieldsOf(e).filter((k) => k !== 'idempotencyKey'))
          expect(row.detail ?? '', `${opOf(e)} probe ${i}: ${row.detail}`).not.toMatch(new RegExp(`(^|[；（，])${f} `));
        expect(stored.length, `${opOf(e)} probe ${i}: the body is cut`).toBeLessThan(40_000);
      }
    }
    expect(missing, 'refused calls without an audit row').toEqual([]);
  }, 600_000);

  it('records what was sent, readable: NUL escaped in the body, the words and the target; an odd amount as sent', async () => {
    const deposit = auditedEndpoints().find((e) => e.path === '/api/bpm/funds/deposit')!;
    const res = await send(
      deposit,
      deposit.path,
      JSON.stringify({ accountNo: NUL, amount: 1.5, payerName: `付款人${NUL}`, memo: 'm'.repeat(5000) }),
      'refused-deposit-words',
    );
    expect(res.statusCode).toBe(400);
    const [row] = await rowsOf('POST /api/bpm/funds/deposit');
    expect(row).toMatchObject({ action: 'OPERATE', outcome: 'REFUSED', actorName: '赵审' });
    expect(row.after).toMatchObject({ accountNo: 'a\\u0000b', amount: 1.5, payerName: '付款人a\\u0000b' });
    expect((row.after as { memo: string }).memo).toHaveLength(201);
    expect(row.detail).toContain('付款人a\\u0000b');
    expect(row.detail).toContain('1.5');
    expect(row.comment).toBeTruthy();

    // A NUL in the path: the target is recorded escaped.
    const approve = auditedEndpoints().find((e) => e.path === '/api/bpm/tasks/:id/approve')!;
    const bad = await send(approve, '/api/bpm/tasks/a%00b/approve', '{}', 'refused-approve-nul');
    expect(bad.statusCode).toBe(400);
    const [target] = await rowsOf('POST /api/bpm/tasks/:id/approve');
    expect(target).toMatchObject({ outcome: 'REFUSED', entityId: 'a\\u0000b' });
  });

  it('records a refused upload by its name, size and SHA-256, never the base64 (issue 37)', async () => {
    const upload = auditedEndpoints().find((e) => e.path === '/api/bpm/bank/statements/import')!;
    const bytes = Buffer.from('日期,金额\r\n'.repeat(200));
    const content = bytes.toString('base64');
    const res = await send(upload, upload.path, JSON.stringify({ formatCode: 'no such', fileName: 'x.csv', content }), 'refused-upload');
    expect(res.statusCode).toBe(400);
    const [row] = await rowsOf('POST /api/bpm/bank/statements/import');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(row).toMatchObject({ outcome: 'REFUSED', after: { content: { 名称: 'x.csv', 大小: bytes.length, 'SHA-256': sha256 } } });
    expect(row.detail).toContain(`对账单文件 文件名 x.csv，大小 ${bytes.length.toLocaleString('en-US')} 字节，SHA-256 ${sha256}`);
    expect(JSON.stringify(row)).not.toContain(content.slice(0, 40));
  });

  it('a business refusal (valid body) is recorded with its message', async () => {
    const approve = auditedEndpoints().find((e) => e.path === '/api/bpm/tasks/:id/approve')!;
    const res = await send(approve, '/api/bpm/tasks/2147483647/approve', JSON.stringify({ comment: 'ok' }), 'refused-approve-missing');
    expect(res.statusCode).toBeLessThan(500);
    const [row] = await rowsOf('POST /api/bpm/tasks/:id/approve');
    expect(row).toMatchObject({ outcome: 'REFUSED', entityId: '2147483647' });
    expect(row.comment).toBeTruthy();
  });
});

describe('escaping', () => {
  it('escapes NUL, control characters and lone surrogates; keeps Chinese, emoji and pairs', () => {
    expect(escapeText('a\u0000b\u0007\u001b\u007f\u0085c')).toBe('a\\u0000b\\u0007\\u001b\\u007f\\u0085c');
    expect(escapeText('保理😀\ud800x\udc00')).toBe('保理😀\\ud800x\\udc00');
    expect(escapeText('x'.repeat(300))).toHaveLength(201);
    expect(safeDigest({ 'k\u0000': 'v\u0000', n: 1e308, big: JSON.parse('9007199254740993') as number })).toEqual({
      'k\\u0000': 'v\\u0000',
      n: 1e308,
      big: 9007199254740992,
    });
  });
});
