import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { adminQuery } from './postgres-admin.ts';
import { templateFiles, type Engine } from './template-files.ts';
import { buildServer, bundledCommand, runBundleFolder } from '../../../../scripts/build-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The API projects' global set-up (vitest.config.ts): the test world built once per run and engine.
 * It starts test/build-template.ts in a process of its own and returns at once, so the two engines'
 * templates are seeded side by side while the domain and web tests already run; the first
 * createTestApp() of each worker waits for the template's `ready` file (test/harness.ts). Each test
 * file then gets its own copy: PGlite loads the template's tarball, PostgreSQL creates its database
 * with `CREATE DATABASE … TEMPLATE`. The teardown removes the folder and every database of this run.
 */
export default async function setup(project: TestProject) {
  const engine: Engine = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const folder = mkdtempSync(path.join(tmpdir(), `fp-template-${engine}-`));
  const files = templateFiles(folder);
  mkdirSync(files.dataDir, { recursive: true });
  // Named after this process (the workers' parent), so concurrent runs leave each other's databases alone.
  const database = engine === 'postgres' ? `fp_tpl_${process.pid}` : undefined;
  const log = openSync(files.log, 'w');
  // The server bundled once per project (scripts/build-server.mjs, ~1 s): the template's seed and every process a test starts
  // (test/server-command.ts) run from it instead of loading the sources through tsx each time.
  const serverBundle = await buildServer(runBundleFolder(`test-${process.pid}-${engine}`));
  const builder = bundledCommand(serverBundle, 'test/build-template');
  const child: ChildProcess = spawn(process.execPath, [builder, engine, folder, ...(database ? [database] : [])], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: process.env,
  });
  // A seed that dies before it can say so (a module it cannot load) fails the workers' wait at once, not after ten minutes.
  let tearingDown = false;
  child.once('exit', (code, signal) => {
    if (!tearingDown && (code !== 0 || signal) && !existsSync(files.ready) && !existsSync(files.failed))
      writeFileSync(
        files.failed,
        `the template's seed exited (${signal ?? `code ${code}`}):\n${readFileSync(files.log, 'utf8').slice(-4000)}`,
      );
  });
  project.provide('testTemplate', { engine, folder, database, serverBundle });

  return async function teardown() {
    tearingDown = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(folder, { recursive: true, force: true });
    rmSync(serverBundle, { recursive: true, force: true });
    if (engine === 'postgres' && process.env.TEST_DATABASE_URL) {
      const rows = await adminQuery<{ datname: string }>('select datname from pg_database where datname like $1 or datname = $2', [
        `fp\\_t\\_${process.pid}\\_%`,
        database,
      ]);
      for (const { datname } of rows) await adminQuery(`drop database if exists "${datname}" with (force)`);
    }
  };
}
