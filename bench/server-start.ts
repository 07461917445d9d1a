/**
 * How long the portal takes to answer /readyz, and the CPU its process spends until then, started from the sources
 * through tsx (`npm start`) and from the server bundle the tests start (scripts/build-server.mjs; issue 34). Both on one
 * PostgreSQL database, migrated by a first start that is not counted, alternately, so the machine's drift falls on both.
 *   node --import tsx bench/server-start.ts [rounds]   (TEST_DATABASE_URL, else the local postgres://postgres@127.0.0.1:5432/postgres)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, bundledCommand, runBundleFolder } from '../scripts/build-server.mjs';
import { BENCH_SIGNING_KEY_SECRET, createBenchDatabase, freePort, round } from './support.ts';

const ROUNDS = Number(process.argv[2] ?? 5);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** user + system CPU seconds of one process so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Starts the portal with `args`, waits for /readyz, stops it; the wall and CPU seconds until it answered. */
async function startOnce(args: string[], databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      JOBS: 'off',
      SIGNING_KEY_SECRET: BENCH_SIGNING_KEY_SECRET,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: path.join(dataDir, 'no-dist'),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (const deadline = Date.now() + 300_000; ; await new Promise((r) => setTimeout(r, 20))) {
      if (child.exitCode != null) throw new Error(`the portal exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('the portal did not answer in five minutes');
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
    }
    return { wall: (performance.now() - started) / 1000, cpu: cpuSeconds(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const database = await createBenchDatabase(ADMIN_URL);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fp-start-bench-'));
const bundle = await buildServer(runBundleFolder(`bench-${process.pid}`));
try {
  const ways = {
    'tsx (sources)': ['--import', 'tsx', 'apps/server/src/main.ts'],
    bundle: [bundledCommand(bundle, 'main')],
  };
  await startOnce(ways.bundle, database.url, dataDir); // migrates the new database: not counted
  const seen: Record<string, { wall: number[]; cpu: number[] }> = {};
  for (let i = 0; i < ROUNDS; i++)
    for (const [name, args] of Object.entries(ways)) {
      const { wall, cpu } = await startOnce(args, database.url, dataDir);
      (seen[name] ??= { wall: [], cpu: [] }).wall.push(wall);
      seen[name].cpu.push(cpu);
    }
  for (const [name, { wall, cpu }] of Object.entries(seen))
    console.log(
      `${name.padEnd(14)} ready after ${round(median(wall), 2)} s (median of ${ROUNDS}), ${round(median(cpu), 2)} CPU s; each: ${wall.map((w) => round(w, 2)).join(' / ')} s`,
    );
} finally {
  rmSync(bundle, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
