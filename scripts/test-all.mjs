// `npm test`'s long part, side by side: the unit and API tests (vitest) and the browser journeys
// (playwright, against the web app `npm run build` made), the journeys split into shards. Each shard
// starts its own server on its own port and embedded database (playwright.config.ts, E2E_PORT), so
// shards share no session, user or row; the unit tests use their own databases (test/harness.ts).
// A journey waits on the browser and the server far more than it computes: one shard used under half a
// core (measured), so two shards beside the unit tests keep a 2-core machine busy without starving it.
// Each line is prefixed with its part; the exit code is non-zero when any part fails.
// Timing is kept: vitest writes test-reports/vitest.json (its JSON reporter) and
// test-reports/vitest-timing.json (each file's wall time, scripts/vitest-timing-reporter.mjs), each
// shard test-reports/e2e-<shard>.json (Playwright's JSON reporter); the end prints the counts and
// the ten slowest files.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import readline from 'node:readline';
import { TIMING_FILE } from './vitest-timing-reporter.mjs';

const SHARDS = Number(process.env.E2E_SHARDS ?? 2);
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

const REPORTS = 'test-reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const e2eReport = (i) => `${REPORTS}/e2e-${i + 1}.json`;

const started = Date.now();
const shards = Array.from({ length: SHARDS }, (_, i) =>
  run(`e2e ${i + 1}/${SHARDS}`, 'npx', ['playwright', 'test', `--shard=${i + 1}/${SHARDS}`, '--reporter=list,json'], {
    E2E_PORT: String(FIRST_PORT + i),
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport(i),
  }),
);
const unit = run('unit', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${REPORTS}/vitest.json`,
  '--reporter=./scripts/vitest-timing-reporter.mjs',
]);
const results = await Promise.all([unit, ...shards]);
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
  out(`wall time ${Math.round((Date.now() - started) / 1000)} s`);
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
  for (let i = 0; i < SHARDS; i++) {
    if (!existsSync(e2eReport(i))) {
      out(`no ${e2eReport(i)}`);
      continue;
    }
    const report = JSON.parse(readFileSync(e2eReport(i), 'utf8'));
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0, duration = 0 } = report.stats ?? {};
    out(
      `journeys ${i + 1}/${SHARDS}: ${expected} passed, ${flaky} flaky, ${unexpected} failed, ${skipped} skipped in ${Math.round(duration / 1000)} s`,
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
    for (const [file, seconds] of perFile) rows.push({ name: `e2e ${i + 1}/${SHARDS} e2e/${file}`, seconds });
  }
  out('the ten slowest files:');
  for (const r of rows.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    out(`  ${r.seconds.toFixed(1).padStart(7)} s  ${r.name}${r.tests ? ` (${r.tests} tests)` : ''}`);
}
