import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seededPgliteDataDir, type TestApp } from '../../test/harness.ts';
import { freshTarget, postgresUrlOf } from './testing.ts';
import { serverCommand } from '../../test/server-command.ts';

/**
 * `npm run backup` and `npm run restore` as commands (issue 25). On the embedded database: beside a
 * real server process holding the files, the backup is taken by that server (the local control
 * channel) and the restore goes into a fresh data directory; with the server stopped the command
 * opens the files itself. On PostgreSQL: the commands work on the databases directly.
 */
const root = path.resolve(import.meta.dirname, '../../../../..');
const command = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [...serverCommand(`cli/${script}`), ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });
const work = mkdtempSync(path.join(tmpdir(), 'fp-backup-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(process.env.TEST_DB === 'postgres')('backup and restore commands beside a running server (PGlite)', () => {
  const dataDir = path.join(work, 'live');
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const env = { DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'true', JOBS: 'off' };
  let server: ChildProcess;

  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };

  beforeAll(async () => {
    // The run's seeded world, not a seed of its own: the server finds the demo users and seeds nothing.
    await seededPgliteDataDir(dataDir);
    server = spawn(process.execPath, serverCommand('main'), {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', ...env },
      stdio: 'pipe',
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 180_000);
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Factoring Portal:')) {
          clearTimeout(timer);
          resolve();
        }
      });
      server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
    });
  }, 200_000);
  afterAll(stop);

  it('backs up through the running server, restores into an empty data directory only, and backs up directly once it stops', async () => {
    const file = path.join(work, 'live.tar.gz');
    const backup = command('backup', [file], env);
    expect(backup.stderr).not.toMatch(/in use by another process|备份失败/);
    expect(backup.stdout).toContain('由运行中的服务执行');
    expect(backup.stdout).toMatch(/文件 \d+ 个/);
    expect(backup.status).toBe(0);
    expect(existsSync(file)).toBe(true);

    const target = path.join(work, 'restored');
    const restore = command('restore', [file, '--data-dir', target], {});
    expect(restore.stdout).toContain('恢复完成：账簿、库存账与全部文件均已核对无误');
    expect(restore.stdout).toMatch(/✓ 资金账簿/);
    expect(restore.stdout).toMatch(/✓ 文件核验：\d+ 份合同/);
    expect(restore.status).toBe(0);

    const again = command('restore', [file, '--data-dir', target], {});
    expect(again.stderr).toContain('RESTORE_TARGET_NOT_EMPTY');
    expect(again.status).toBe(1);
    const live = command('restore', [file, '--data-dir', dataDir], {});
    expect(live.stderr).toContain('RESTORE_TARGET_NOT_EMPTY');
    expect(live.status).toBe(1);

    await stop();
    const direct = command('backup', [], env);
    expect(direct.stdout).toContain('备份完成（pglite）');
    expect(direct.status).toBe(0);
    expect(readdirSync(path.join(dataDir, 'backups')).filter((n) => /^factoring-backup-\d{8}-\d{6}\.tar\.gz$/.test(n))).toHaveLength(1);
  }, 600_000);
});

describe.runIf(process.env.TEST_DB === 'postgres')('backup and restore commands (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('backs up the database and its files with DATABASE_URL, and restores into a new, empty database only', async () => {
    const file = path.join(work, 'pg.tar.gz');
    const backup = command('backup', [file], { DATABASE_URL: postgresUrlOf(t.database), DATA_DIR: t.config.DATA_DIR });
    expect(backup.stdout).toContain('备份完成（postgres）');
    expect(backup.status).toBe(0);

    const target = await freshTarget();
    try {
      const restore = command('restore', [file, '--data-dir', target.dataDir, '--database-url', target.databaseUrl!], { DATABASE_URL: '' });
      expect(restore.stdout).toContain('恢复完成：账簿、库存账与全部文件均已核对无误');
      expect(restore.status).toBe(0);
      const again = command('restore', [file, '--data-dir', path.join(work, 'elsewhere')], { DATABASE_URL: target.databaseUrl! });
      expect(again.stderr).toContain('RESTORE_TARGET_NOT_EMPTY');
      expect(again.status).toBe(1);
    } finally {
      await target.drop();
    }
  }, 300_000);
});
