import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chinaDate } from '@factoring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_RUN_STATUS_LABELS } from '@factoring/domain/contract';
import { outcomeMessage, toJobRun } from '../../jobs/routes.ts';
import { createScheduler } from '../../jobs/scheduler.ts';
import * as clock from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { backupSchedule, createBackupJob, type BackupSchedule } from './backup-job.ts';
import { backupStatus, recordManualBackup } from './backup-status.ts';
import { takeBackup } from './take-backup.ts';

/**
 * The scheduled backup (issue 25): a `ScheduledJob` keeping the newest BACKUP_KEEP archives, off by
 * default on the embedded database, and what the operator home reads — the last successful backup,
 * scheduled or taken by the command, and a scheduled one that failed since.
 */
let t: TestApp;
const dir = mkdtempSync(path.join(tmpdir(), 'fp-backup-job-'));
const silent = { info: () => undefined, error: () => undefined };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const settings = (over: Partial<BackupSchedule> = {}): BackupSchedule => ({
  enabled: true,
  dir,
  keep: 2,
  dataDir: t.config.DATA_DIR,
  commit: 'test',
  ...over,
});
const archives = () =>
  readdirSync(dir)
    .filter((n) => n.endsWith('.tar.gz'))
    .sort();

describe('the scheduled backup', () => {
  it('is off by default on the embedded database and on with PostgreSQL; BACKUP_SCHEDULE and BACKUP_KEEP say otherwise', async () => {
    const { loadConfig } = await import('../../config.ts');
    expect(backupSchedule(loadConfig({ NODE_ENV: 'development' }))).toMatchObject({ enabled: false, keep: 7 });
    expect(backupSchedule(loadConfig({ NODE_ENV: 'development', BACKUP_SCHEDULE: 'on', BACKUP_KEEP: '3' }))).toMatchObject({
      enabled: true,
      keep: 3,
    });
    const pg = loadConfig({
      DATABASE_URL: 'postgres://app@db/portal',
      PUBLIC_ORIGIN: 'https://portal.example.cn',
      SIGNING_KEY_SECRET: 'a-production-signing-secret',
      DATA_DIR: '/srv/portal',
    });
    expect(backupSchedule(pg)).toMatchObject({ enabled: true, dir: path.resolve('/srv/portal/backups') });
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('switched off, does nothing and its run reads 跳过 (not 成功) with the reason, and is not run again', async () => {
    const scheduler = createScheduler({ db: t.database.db, jobs: [createBackupJob(() => settings({ enabled: false }))], log: silent });
    const r = await scheduler.runNow('backup', '2026-01-05');
    expect(r).toMatchObject({ outcome: 'ran', run: { status: 'SKIPPED', result: { enabled: false } } });
    expect(archives()).toEqual([]);
    // As 定时任务 shows it: 跳过, the note saying why, and what the operator who asked reads.
    const shown = toJobRun(r.run!, new Map([['backup', '数据备份（数据库与文件）']]));
    expect([shown.status, JOB_RUN_STATUS_LABELS[shown.status], shown.notes]).toEqual([
      'SKIPPED',
      '跳过',
      ['定时备份未开启：请联系系统管理员开启每日定时备份'],
    ]);
    expect(outcomeMessage(r, '2026-01-05')).toBe('2026-01-05 已跳过：定时备份未开启：请联系系统管理员开启每日定时备份');
    // Skipped is done for its date: asked again, it is not run again.
    expect(await scheduler.runNow('backup', '2026-01-05')).toMatchObject({ outcome: 'skipped', reason: 'done' });
    expect((await backupStatus(t.database.db, { enabled: false, hour: 2, keep: 2 })).last).toBeNull();
  });

  it('writes one archive a day and keeps the newest BACKUP_KEEP; a manual archive beside them is left alone', async () => {
    writeFileSync(path.join(dir, 'factoring-backup-20260101-120000.tar.gz'), 'a manual one');
    const scheduler = createScheduler({ db: t.database.db, jobs: [createBackupJob(() => settings())], log: silent });
    const base = Date.now() - 3 * DAY;
    const results = [];
    for (let i = 0; i < 3; i++) {
      const at = new Date(base + i * DAY);
      results.push(await clock.atTime(at, () => scheduler.runNow('backup', chinaDate(at))));
    }
    for (const r of results) expect(r.outcome).toBe('ran');
    const kept = archives().filter((n) => n.endsWith('-scheduled.tar.gz'));
    expect(kept).toHaveLength(2);
    expect(kept).toEqual([results[1], results[2]].map((r) => (r.run!.result as { file: string }).file));
    expect(archives()).toContain('factoring-backup-20260101-120000.tar.gz');
    expect(results[2].run!.result).toMatchObject({ removed: 1, keep: 2, size: expect.any(Number), journalEntries: expect.any(Number) });

    // A catch-up for a date long past does not back up the present again.
    const old = await scheduler.runNow('backup', chinaDate(new Date(Date.now() - 20 * DAY)));
    expect(old.run).toMatchObject({ status: 'SKIPPED', result: { skipped: true, summary: expect.stringContaining('补跑') } });

    const status = await backupStatus(t.database.db, { enabled: true, hour: 2, keep: 2 });
    expect(status.last).toMatchObject({ file: kept[1], trigger: 'MANUAL', size: (results[2].run!.result as { size: number }).size });
    expect(status.lastFailure).toBeNull();
  });

  it('shows a backup taken by the command, and a scheduled one that failed after it', async () => {
    const started = clock.now();
    const manual = await takeBackup(t.database.db, { file: path.join(dir, 'by-hand.tar.gz'), dataDir: t.config.DATA_DIR });
    await recordManualBackup(t.database.db, manual, started);
    let status = await backupStatus(t.database.db, { enabled: true, hour: 2, keep: 2 });
    expect(status.last).toMatchObject({
      file: 'by-hand.tar.gz',
      trigger: 'MANUAL',
      size: manual.size,
      journalEntries: manual.journalEntries,
    });

    // The contract files are not where this run looks: the archive is written, the run fails and says why.
    const empty = mkdtempSync(path.join(tmpdir(), 'fp-backup-nofiles-'));
    try {
      const scheduler = createScheduler({ db: t.database.db, jobs: [createBackupJob(() => settings({ dataDir: empty }))], log: silent });
      const r = await scheduler.runNow('backup', chinaDate(new Date()));
      expect(r.outcome).toBe('failed');
      expect(r.run!.error).toContain('文件不存在');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    status = await backupStatus(t.database.db, { enabled: true, hour: 2, keep: 2 });
    expect(status.last?.file).toBe('by-hand.tar.gz');
    expect(status.lastFailure?.error).toContain('文件不存在');
  });

  it('answers the operator home (GET /api/bpm/backups/latest) once app.ts registers backupRoutes', async (ctx) => {
    if (!t.app.hasRoute({ method: 'GET', url: '/api/bpm/backups/latest' })) {
      ctx.skip('backupRoutes is not registered in app.ts yet');
      return;
    }
    const operator = await t.loginAs('operator');
    const res = await operator.get('/api/bpm/backups/latest');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'OK',
      message: {
        last: { file: 'by-hand.tar.gz', trigger: 'MANUAL' },
        lastFailure: { error: expect.any(String) },
        schedule: { enabled: false, hour: 2, keep: 7 },
      },
    });
    const demo = await t.loginAs('demo');
    expect((await demo.get('/api/bpm/backups/latest')).statusCode).toBe(403);
    expect((await t.client().get('/api/bpm/backups/latest')).statusCode).toBe(401);
  });
});
