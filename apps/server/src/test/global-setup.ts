import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { adminQuery } from './postgres-admin.ts';
import { templateFiles, type Engine } from './template-files.ts';

const builder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-template.ts');

/**
 * The API projects' global set-up (vitest.config.ts): the test world built once per run and engine.
 * It starts test/build-template.ts in a process of its own and returns at once, so the two engines'
 * templates are seeded side by side while the domain and web tests already run; the first
 * createTestApp() of each worker waits for the template's `ready` file (test/harness.ts). Each test
 * file then gets its own copy: PGlite loads the template's tarball, PostgreSQL creates its database
 * with `CREATE DATABASE … TEMPLATE`. The teardown removes the folder and every database of this run.
 */
export default function setup(project: TestProject) {
  const engine: Engine = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const folder = mkdtempSync(path.join(tmpdir(), `fp-template-${engine}-`));
  const files = templateFiles(folder);
  mkdirSync(files.dataDir, { recursive: true });
  // Named after this process (the workers' parent), so concurrent runs leave each other's databases alone.
  const database = engine === 'postgres' ? `fp_tpl_${process.pid}` : undefined;
  const log = openSync(files.log, 'w');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', builder, engine, folder, ...(database ? [database] : [])], {
    stdio: ['ignore', log, log],
    env: process.env,
  });
  project.provide('testTemplate', { engine, folder, database });

  return async function teardown() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(folder, { recursive: true, force: true });
    if (engine === 'postgres' && process.env.TEST_DATABASE_URL) {
      const rows = await adminQuery<{ datname: string }>('select datname from pg_database where datname like $1 or datname = $2', [
        `fp\\_t\\_${process.pid}\\_%`,
        database,
      ]);
      for (const { datname } of rows) await adminQuery(`drop database if exists "${datname}" with (force)`);
    }
  };
}
