// `npm test`'s long part, after the checks (scripts/checks.mjs): the unit and API tests (vitest), then the browser
// journeys (playwright, against the web app the checks built), split into shards. Each shard
// starts its own server on its own port and embedded database (playwright.config.ts, E2E_PORT), so
// shards share no session, user or row; the unit tests use their own databases (test/harness.ts).
// The unit and API tests run first on two workers, then the journey shards (TEST_PHASES=together: side by
// side, as before). The journeys' demo world is made once — on PostgreSQL a copy of the API suite's seeded template,
// else seeded by a server (seedJourneyWorld) — and every shard's server starts on a copy of it.
// Each line is prefixed with its part; the exit code is non-zero when any part fails.
// Timing is kept: vitest writes test-reports/vitest.json (its JSON reporter) and
// test-reports/vitest-timing.json (each file's wall time, scripts/vitest-timing-reporter.mjs), each
// shard test-reports/e2e-<shard>.json (Playwright's JSON reporter); the end prints the counts and
// the ten slowest files.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { TIMING_FILE } from './vitest-timing-reporter.mjs';
import { balanceShards } from './journey-shards.mjs';
import { busyBetween, cpuCounters } from './cpu-by-process.mjs';
import { buildServer, bundledCommand, runBundleFolder } from './build-server.mjs';

const FIRST_PORT = Number(process.env.E2E_FIRST_PORT ?? 8181);

function run(label, command, args, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${label}] ${line}\n`));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`[${label}] finished: ${signal ?? `exit ${code}`} after ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

// The browser and its CJK font, once, before the shards start.
if (!(await run('e2e', 'node', ['scripts/ensure-chromium.mjs']))) process.exit(1);

/**
 * With a PostgreSQL at hand (TEST_DATABASE_URL, as CI has), the journeys' servers run on it (issue 34):
 * the embedded PGlite took six times the CPU of PostgreSQL for the same API tests, and a journey shard
 * spends most of its time waiting on its server. The world is seeded once into a template database and
 * each server starts on its own `CREATE DATABASE … TEMPLATE` copy (and a copy of the seeded files).
 * Without one, the embedded database as before.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const E2E_DB_PREFIX = `fp_e2e_${process.pid}`;
const databaseUrl = (name) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
/** A database of its own for one journey server, copied from the seeded template. */
async function journeyDatabase(name) {
  await admin(`create database ${E2E_DB_PREFIX}_${name} template ${E2E_DB_PREFIX}_tpl`);
  return databaseUrl(`${E2E_DB_PREFIX}_${name}`);
}
async function dropJourneyDatabases() {
  const rows = await admin(`select datname from pg_database where datname like '${E2E_DB_PREFIX}\\_%'`);
  for (const { datname } of rows) await admin(`drop database if exists "${datname}" with (force)`);
}
/**
 * The journeys' servers' mode (e2e/server-env.json; playwright.config.ts says why): the world is seeded in it too, so
 * its hashes are the cost the shards' servers verify and never rehash; its scheduler is off while it seeds.
 */
const JOURNEY_SERVER_ENV = JSON.parse(readFileSync('e2e/server-env.json', 'utf8'));

/**
 * The journeys' world seeded once: a server on its own port seeds E2E_TEMPLATE (the demo world with
 * its year of history, contracts signed) and stops; each shard's server, and the accounts journeys' own,
 * start on a copy (playwright.config.ts) instead of seeding again side by side on a 2-core machine.
 */
async function seedJourneyWorld(dir) {
  rmSync(dir, { recursive: true, force: true });
  const port = FIRST_PORT - 1;
  const started = Date.now();
  if (ADMIN_URL) await admin(`create database ${E2E_DB_PREFIX}_tpl`);
  const server = spawn(process.execPath, [SERVER_MAIN], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      ...JOURNEY_SERVER_ENV,
      JOBS: 'off',
      ...(ADMIN_URL ? { DATABASE_URL: databaseUrl(`${E2E_DB_PREFIX}_tpl`) } : {}),
    },
  });
  let ready = false;
  while (!ready && server.exitCode === null && Date.now() - started < 600_000) {
    await new Promise((r) => setTimeout(r, 500));
    ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  }
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  process.stdout.write(
    `[e2e] journeys' world seeded: ${ready ? 'ready' : 'FAILED'} after ${Math.round((Date.now() - started) / 1000)} s\n`,
  );
  return ready;
}

/**
 * The journeys' servers start from a bundle of the server built once for the run (scripts/build-server.mjs, ~1 s): the world's
 * seed, each shard's server (playwright.config.ts, e2e/server-command.ts) and the accounts journeys' own: a start to /readyz
 * costs 4.0 CPU s from the bundle against 9.6 through tsx (bench/server-start.ts). Removed at the end.
 */
const SERVER_BUNDLE = await buildServer(runBundleFolder(`e2e-${process.pid}`));
const SERVER_MAIN = bundledCommand(SERVER_BUNDLE, 'main');
process.on('exit', () => rmSync(SERVER_BUNDLE, { recursive: true, force: true }));

const REPORTS = 'test-reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const e2eReport = (i) => `${REPORTS}/e2e-${i + 1}.json`;

/**
 * Two phases (issue 34), unless TEST_PHASES=together: the unit and API tests first, on two workers, with the
 * journeys' world seeded beside them; then the journey shards, with the machine to themselves. Side by side
 * on a 2-core machine the shards' Chromium renderers (which raise their own priority) starved the one vitest
 * worker: green in 24 min 47 s at a5166f8, the suite's own files taking 1,304 s on one worker; two workers
 * beside the shards overloaded the machine (a 30 s test timeout passed).
 */
const TOGETHER = process.env.TEST_PHASES === 'together';
/**
 * Journey shards (E2E_SHARDS): three when the journeys have the machine to themselves — two kept 1.55 of its 2 cores
 * busy (scripts/cpu-by-process.mjs), a shard waiting on its server and browser; three took the journeys 421 → 374 s
 * (2026-11-30, 795db98 against 5d5803b); two beside the unit tests, where three overloaded a 2-core machine (7cf0f9c).
 */
const SHARDS = Number(process.env.E2E_SHARDS ?? (TOGETHER ? 2 : 3));
// TEST_PARTS=journeys runs the journeys alone, E2E_FILES (comma-separated) only those files, as one shard each
// run would: to replay a CI shard in its order on its own kind of server.
const JOURNEYS_ONLY = process.env.TEST_PARTS === 'journeys';

/**
 * On PostgreSQL, with the unit tests first, the journeys' world is a copy of the API suite's seeded template (issue 34): its
 * seed (test/build-template.ts) makes E2E_WORLD_DATABASE from it and copies its files to E2E_WORLD_DIR, instead of a third
 * seed beside the two templates while the machine is busiest. Should the copy not be there when the unit tests end (a
 * vitest run that failed before), the world is seeded as before.
 */
const E2E_TEMPLATE = path.resolve('.e2e-data-template');
const WORLD_FROM_TEMPLATE = Boolean(ADMIN_URL) && !TOGETHER && !JOURNEYS_ONLY;
const worldFromTemplateEnv = WORLD_FROM_TEMPLATE ? { E2E_WORLD_DATABASE: `${E2E_DB_PREFIX}_tpl`, E2E_WORLD_DIR: E2E_TEMPLATE } : {};
if (WORLD_FROM_TEMPLATE) rmSync(E2E_TEMPLATE, { recursive: true, force: true });
async function copiedWorldReady() {
  const rows = await admin(`select 1 from pg_database where datname = '${E2E_DB_PREFIX}_tpl'`);
  if (rows.length > 0 && existsSync(E2E_TEMPLATE)) {
    process.stdout.write(`[e2e] journeys' world: a copy of the API tests' seeded template\n`);
    return true;
  }
  await admin(`drop database if exists ${E2E_DB_PREFIX}_tpl with (force)`);
  return seedJourneyWorld(E2E_TEMPLATE);
}

const phases = [];
const cpuAtStart = cpuCounters();
const started = Date.now();
const unit = JOURNEYS_ONLY
  ? Promise.resolve(true)
  : run(
      'unit',
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${REPORTS}/vitest.json`,
        '--reporter=./scripts/vitest-timing-reporter.mjs',
      ],
      TOGETHER ? {} : { VITEST_MAX_WORKERS: process.env.VITEST_MAX_WORKERS ?? '2', ...worldFromTemplateEnv },
    );
let worldReady = WORLD_FROM_TEMPLATE ? false : await seedJourneyWorld(E2E_TEMPLATE);
if (!TOGETHER) {
  await unit;
  if (WORLD_FROM_TEMPLATE) worldReady = await copiedWorldReady();
  process.stdout.write(`[e2e] the unit and API tests are done after ${Math.round((Date.now() - started) / 1000)} s: the journeys start\n`);
}
const cpuAtJourneys = cpuCounters();
const journeysStarted = Date.now();
if (!TOGETHER && !JOURNEYS_ONLY)
  phases.push({ name: 'unit and API tests', seconds: (journeysStarted - started) / 1000, cpu: busyBetween(cpuAtStart, cpuAtJourneys) });
/**
 * The journey files split into shards of about equal time (scripts/journey-shards.mjs), from the time each
 * file took (e2e/durations.json), rather than Playwright's `--shard`, which cuts the sorted list by count:
 * the accessibility files alone took 1,000 s of one shard while the others had finished.
 */
const journeyFiles = readdirSync('e2e')
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => `e2e/${f}`);
const durations = JSON.parse(readFileSync('e2e/durations.json', 'utf8'));
const chosen = process.env.E2E_FILES?.split(',').filter(Boolean);
const plan = chosen ? [chosen] : balanceShards(journeyFiles, durations, SHARDS);
const shards = plan.map(async (files, i) => {
  const onPg = ADMIN_URL && worldReady;
  const env = {
    E2E_PORT: String(FIRST_PORT + i),
    E2E_SERVER_MAIN: SERVER_MAIN,
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport(i),
    // Without a seeded world each server seeds its own, as `npm run test:e2e` does.
    ...(worldReady ? { E2E_TEMPLATE } : {}),
    // The accounts journeys' own server, one port per shard.
    E2E_ACCOUNTS_PORT: String(FIRST_PORT + 10 + i),
    ...(onPg
      ? {
          E2E_DATABASE_URL: await journeyDatabase(`s${i + 1}`),
          // The accounts journeys copy the template themselves at every start of their server (e2e/accounts.spec.ts):
          // a retry must not find the passwords the first attempt changed.
          E2E_ACCOUNTS_DATABASE_TEMPLATE: databaseUrl(`${E2E_DB_PREFIX}_tpl`),
        }
      : {}),
  };
  process.stdout.write(
    `[e2e ${i + 1}/${plan.length}] ${files.length} files, about ${Math.round(files.reduce((t, f) => t + (durations[f] ?? 0), 0))} s: ${files.join(' ')}\n`,
  );
  return run(`e2e ${i + 1}/${plan.length}`, 'npx', ['playwright', 'test', ...files, '--reporter=list,json'], env);
});
const results = await Promise.all([unit, ...shards]);
phases.push({
  name: TOGETHER ? 'unit and API tests beside the journeys' : 'journeys',
  seconds: (Date.now() - journeysStarted) / 1000,
  cpu: busyBetween(cpuAtJourneys, cpuCounters()),
});
printFailedPages();
if (ADMIN_URL)
  await dropJourneyDatabases().catch((err) => process.stdout.write(`[e2e] could not drop the journeys' databases: ${err.message}\n`));
try {
  summarise();
} catch (err) {
  process.stdout.write(`[summary] could not read the reports: ${err instanceof Error ? err.message : err}\n`);
}
process.exit(results.every(Boolean) ? 0 : 1);

/** The counts of each part and the ten slowest files, from the reports the parts wrote. */
function summarise() {
  const out = (line = '') => process.stdout.write(`[summary] ${line}\n`);
  const rows = [];
  const journeySeconds = {};
  out(`wall time ${Math.round((Date.now() - started) / 1000)} s`);
  for (const { name, seconds, cpu } of phases)
    out(
      `${name}: ${Math.round(seconds)} s${cpu ? `, ${Math.round(cpu.busy * 100)} % of the machine's cores busy (${Math.round(cpu.kernel * 100)} % of that in the kernel)` : ''}`,
    );
  if (existsSync(TIMING_FILE)) {
    const { files } = JSON.parse(readFileSync(TIMING_FILE, 'utf8'));
    const byProject = new Map();
    for (const f of files) {
      const p = byProject.get(f.project) ?? { files: 0, seconds: 0, passed: 0, skipped: 0, failed: 0 };
      p.files += 1;
      p.seconds += f.seconds;
      for (const k of ['passed', 'skipped', 'failed']) p[k] += f[k] ?? 0;
      byProject.set(f.project, p);
      rows.push({ name: `${f.project} ${f.file}`, seconds: f.seconds, tests: f.passed + f.skipped + f.failed });
    }
    for (const [name, p] of byProject)
      out(
        `${name}: ${p.files} files, ${p.passed} passed, ${p.skipped} skipped, ${p.failed} failed, ${Math.round(p.seconds)} s of file time`,
      );
  } else out(`no ${TIMING_FILE}`);
  for (let i = 0; i < plan.length; i++) {
    if (!existsSync(e2eReport(i))) {
      out(`no ${e2eReport(i)}`);
      continue;
    }
    const report = JSON.parse(readFileSync(e2eReport(i), 'utf8'));
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0, duration = 0 } = report.stats ?? {};
    out(
      `journeys ${i + 1}/${plan.length}: ${expected} passed, ${flaky} flaky, ${unexpected} failed, ${skipped} skipped in ${Math.round(duration / 1000)} s`,
    );
    const perFile = new Map();
    const walk = (suite, file) => {
      const f = suite.file ?? file;
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          for (const result of test.results ?? []) perFile.set(f, (perFile.get(f) ?? 0) + (result.duration ?? 0) / 1000);
      for (const child of suite.suites ?? []) walk(child, f);
    };
    for (const suite of report.suites ?? []) walk(suite, suite.file);
    for (const [file, seconds] of perFile) {
      rows.push({ name: `e2e ${i + 1}/${plan.length} e2e/${file}`, seconds });
      journeySeconds[`e2e/${file}`] = Math.round(seconds * 10) / 10;
    }
  }
  // This run's time per journey file, in the shape of e2e/durations.json (copy it there when the files change much).
  writeFileSync(`${REPORTS}/durations.json`, `${JSON.stringify(journeySeconds, Object.keys(journeySeconds).sort(), 2)}\n`);
  out('the ten slowest files:');
  for (const r of rows.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    out(`  ${r.seconds.toFixed(1).padStart(7)} s  ${r.name}${r.tests ? ` (${r.tests} tests)` : ''}`);
}

/**
 * What the page showed when a journey failed (Playwright's error-context.md: the page's accessibility tree), printed
 * into the log: CI keeps the log, not the test-results folders, and a failure that happens only in CI is read from it.
 */
function printFailedPages() {
  // This run's folders only (Playwright empties its folder when it starts; another port's may be older).
  for (const dir of readdirSync('.').filter((d) => d.startsWith('test-results') && statSync(d).mtimeMs >= started)) {
    const contexts = readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('error-context.md'));
    for (const file of contexts) {
      const lines = readFileSync(path.join(dir, String(file)), 'utf8').split('\n');
      // From the error on (the file begins with instructions to a reader), the page's tree cut at 140 lines.
      const text = lines.slice(Math.max(0, lines.indexOf('# Error details')), 140);
      process.stdout.write(`[failed page] ${dir}/${file}\n${text.map((l) => `[failed page]   ${l}`).join('\n')}\n`);
    }
  }
}
