import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCommand } from '../test/server-command.ts';

/**
 * `npm run stock:check` while a server holds the embedded database (issue 21): it must not open the
 * PGlite files a second time (it crashed with the lock error) but send its work to that server, as
 * `ledger:check` does. A real server process on a fresh data directory, and the real command.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const port = 20_000 + Math.floor(Math.random() * 20_000);
let dataDir: string;
let server: ChildProcess;

const env = () => ({ ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'false', JOBS: 'off' });

describe.skipIf(process.env.TEST_DB === 'postgres')('stock:check beside a running server', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'stock-check-'));
    server = spawn(process.execPath, serverCommand('main'), { cwd: root, env: env(), stdio: 'pipe' });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 90_000);
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
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs inside the server that holds the embedded database and proves the stock ledger', () => {
    const run = spawnSync(process.execPath, serverCommand('cli/stock-check'), {
      cwd: root,
      env: env(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).not.toMatch(/in use by another process|库存账核对失败/);
    expect(run.stdout).toContain('via the running server');
    expect(run.stdout).toContain('✓');
    expect(run.status).toBe(0);
  }, 60_000);
});
