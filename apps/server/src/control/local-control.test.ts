import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { acquireDataDirLock, type DataDirLock } from '../db/data-dir-lock.ts';
import { scheduledJobRuns } from '../db/schema/index.ts';
import { chinaToday } from '../lib/clock.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { LOCAL_CONTROL_HEADER } from './local-control.ts';
import { serverCommand } from '../test/server-command.ts';

/**
 * Issue 33 item 5: `npm run jobs:daily -- <a date ahead of today>` ran the close of business a month
 * early through the local control route (instalments debited, a valid credit line expired). The
 * route and the command now refuse a date whose run is not yet due, by the back office's own rule.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
let t: TestApp;
let app: FastifyInstance;
let lock: DataDirLock;
let lockDir: string;

beforeAll(async () => {
  t = await createTestApp();
  // The same app on the same database, holding a data-directory lock as `npm start` on PGlite does.
  lockDir = mkdtempSync(path.join(tmpdir(), 'local-control-'));
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

const runLocal = (body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/local/jobs/close-of-business/run',
    headers: { 'content-type': 'application/json', [LOCAL_CONTROL_HEADER]: lock.holder.token },
    payload: JSON.stringify(body),
  });

const runsOf = (date: string) => t.database.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.businessDate, date));

describe('no command runs a date that has not come', () => {
  it('the local control route refuses tomorrow (China time) with the back office’s message and runs nothing', async () => {
    const tomorrow = addDays(chinaToday(), 1);
    const res = await runLocal({ businessDate: tomorrow });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ERROR', message: { outcome: 'refused', result: null } });
    expect(body.message.text).toContain(`业务日期 ${tomorrow} 尚未到执行时间`);
    expect(body.message.text).toContain('不能提前执行');
    expect(await runsOf(tomorrow)).toEqual([]);

    // One rule, one message: the back office refuses the same date with the same words.
    const operator = await t.loginAs('operator');
    const office = (await operator.post('/api/bpm/jobs/close-of-business/run', { businessDate: tomorrow }, { json: true })).json();
    expect(office).toEqual({ status: 'ERROR', message: body.message.text });

    // A year ahead too; an impossible date is a 400 naming the field, as in the back office.
    expect((await runLocal({ businessDate: addDays(chinaToday(), 365) })).json().message.outcome).toBe('refused');
    const bad = await runLocal({ businessDate: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('businessDate');
  });

  it('the local control route still runs a past date', async () => {
    const past = addDays(chinaToday(), -3);
    const res = (await runLocal({ businessDate: past })).json();
    expect(res).toMatchObject({ status: 'OK', message: { outcome: 'ran' } });
    expect(res.message.text).toContain(`${past} 已执行完成`);
  });

  // The command on its own embedded database (no server, no TEST_DATABASE_URL): one engine's run is enough.
  it.skipIf(process.env.TEST_DB === 'postgres')(
    '`npm run jobs:daily -- <tomorrow>` prints the refusal and exits 1 (embedded database: PGlite project)',
    () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'run-daily-'));
      try {
        const tomorrow = addDays(chinaToday(), 1);
        const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, SEED_DEMO: 'false' };
        delete env.DATABASE_URL;
        const run = spawnSync(process.execPath, [...serverCommand('cli/run-daily'), tomorrow], {
          cwd: root,
          env,
          encoding: 'utf8',
          timeout: 120_000,
        });
        expect(run.stderr).toContain(`业务日期 ${tomorrow} 尚未到执行时间`);
        expect(run.stdout).not.toContain('已执行完成');
        expect(run.status).toBe(1);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    150_000,
  );
});
