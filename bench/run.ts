/**
 * `npm run bench`: the budgets of ARCHITECTURE.md, measured in one run and printed as one table.
 *
 * 1. Builds the web app into a temporary folder (the shared apps/web/dist stays untouched).
 * 2. Creates a throw-away PostgreSQL database (BENCH_DATABASE_URL, TEST_DATABASE_URL, or the local
 *    postgres://postgres@127.0.0.1:5432/postgres), migrates it and seeds the demo world.
 * 3. Starts the portal as production runs it (`apps/server/src/main.ts`, info logging to a file).
 * 4. First-load JavaScript on the wire in Chromium: `/`, `/login` and three logged-in pages.
 * 5. Requests per second of the authenticated fund-flow list against a bare Fastify + pg handler
 *    replaying exactly the SQL statements the portal ran for that request, same pool size (10),
 *    10 connections each, alternating rounds in the same run.
 * 6. Fund-flow list latency at 10,000 and 1,000,000 ledger lines: first, middle and last page.
 * 7. Bank statement import on embedded PGlite: 2,000 lines, a 31-day period, a read beside it (statement-import.ts).
 *
 * 4b. Largest contentful paint on a 390 px phone, slow 4G and 4× CPU, cold cache (lcp.ts).
 *
 * `npm run bench -- --only=first-load|lcp|api|list|statement-import` runs one part. Exit code 1 when a figure is over budget.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureApiRatio, AGE_GROWTH_LIMIT, API_RATIO_GOAL, COLLECT_ON_SIGNAL } from './api-ratio.ts';
import { measureFirstLoads } from './first-load.ts';
import { LCP_BUDGET_MS, measureLcp } from './lcp.ts';
import { fillFirst10k, measureListLatency } from './fund-flow-list.ts';
import { prepareDatabase } from './prepare.ts';
import { benchCloudLoanTrial } from './cloudloan-trial.ts';
import { createBenchDatabase, freePort, loginOverHttp, round, startServer } from './support.ts';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const wants = (part: string) => !only || only === part;
const started = Date.now();
const step = (what: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${what}`);

const rows: { benchmark: string; value: string; budget: string; verdict: string }[] = [];
const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');

const work = mkdtempSync(path.join(os.tmpdir(), 'fp-bench-'));
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

// BENCH_WEB_DIST reuses a build (e.g. one kept by BENCH_KEEP=1) when only the API is measured again.
const dist = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : path.join(work, 'dist');
if (!process.env.BENCH_WEB_DIST) {
  step('building the web app');
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.resolve('apps/web'),
    stdio: 'inherit',
  });
}

step('creating the bench database');
const database = await createBenchDatabase(adminUrl);
let stopPortal: (() => Promise<void>) | undefined;
try {
  const { enterpriseId } = await prepareDatabase(database.url);
  const port = await freePort();
  step('starting the portal (main.ts, info logs to a file)');
  const portal = await startServer({
    script: 'apps/server/src/main.ts',
    port,
    logFile: path.join(work, 'portal.log'),
    // COLLECT_ON_SIGNAL: the API rounds start each server from a full garbage collection (bench/api-ratio.ts).
    nodeArgs: [...COLLECT_ON_SIGNAL, ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', work] : [])],
    env: {
      DATABASE_URL: database.url,
      WEB_DIST: dist,
      NODE_ENV: 'production',
      SIGNING_KEY_SECRET: 'bench-signing-secret-not-for-use',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT: '100000',
      DATA_DIR: path.join(work, 'data'),
    },
  });
  stopPortal = portal.stop;
  const cookie = await loginOverHttp(portal.origin, 'demo');

  if (wants('first-load')) {
    step('first-load JavaScript in Chromium');
    for (const load of await measureFirstLoads(portal.origin, cookie)) {
      rows.push({
        benchmark: `first-load JS on the wire ${load.page}`,
        value: `${round(load.kb)} KB in ${load.files} files`,
        budget: `≤ ${load.budgetKb} KB`,
        verdict: verdict(load.kb <= load.budgetKb),
      });
    }
  }

  if (wants('lcp')) {
    step('largest contentful paint: 390 px, slow 4G, 4× CPU, cold (median of 3)');
    for (const r of await measureLcp(portal.origin, cookie)) {
      rows.push({
        benchmark: `LCP ${r.page}`,
        value: `${(r.medianMs / 1000).toFixed(2)} s (runs ${r.runsMs.join(' / ')} ms; ${r.element})`,
        budget: `≤ ${(LCP_BUDGET_MS / 1000).toFixed(1)} s`,
        verdict: verdict(r.medianMs <= LCP_BUDGET_MS),
      });
    }
  }

  step('filling the ledger with 10,000 lines');
  await fillFirst10k(database.url, enterpriseId);

  if (wants('api')) {
    step('API throughput: portal against a bare Fastify + pg handler');
    const r = await measureApiRatio({
      portalOrigin: portal.origin,
      portalPid: portal.child.pid,
      databaseUrl: database.url,
      cookie,
      work,
      step,
    });
    const x2 = (n: number) => `${n.toFixed(2)}×`;
    rows.push({
      benchmark: 'fund-flow list, portal (authenticated)',
      value: `${Math.round(r.portalRps)} req/s, ${Math.round(r.portalCpuUs)} µs CPU/req, ${r.statementsPerRequest.portal.toFixed(2)} statements/req`,
      budget: '—',
      verdict: '—',
    });
    rows.push({
      benchmark: `fund-flow list, bare Fastify + pg (the ${r.statements} SQL statements of a session read from the database, pool 10)`,
      value: `${Math.round(r.bareRps)} req/s, ${Math.round(r.bareCpuUs)} µs CPU/req, ${r.statementsPerRequest.bare.toFixed(2)} statements/req`,
      budget: '—',
      verdict: '—',
    });
    rows.push({
      benchmark: `API ratio portal / bare req/s (median of ${r.rounds} ABBA pairs of ${r.roundSeconds} s)`,
      value: `${x2(r.ratio.median)} (middle half ${x2(r.ratio.q1)}–${x2(r.ratio.q3)}, all ${x2(r.ratio.min)}–${x2(r.ratio.max)}; load average ${r.load.min.toFixed(0)}–${r.load.max.toFixed(0)} on ${os.cpus().length} cores)`,
      budget: `≥ ${API_RATIO_GOAL}×`,
      verdict: verdict(r.ratio.median >= API_RATIO_GOAL),
    });
    rows.push({
      benchmark: 'API ratio in CPU: bare / portal µs per request (median of pairs)',
      value: `${x2(r.cpuRatio.median)} (middle half ${x2(r.cpuRatio.q1)}–${x2(r.cpuRatio.q3)})`,
      budget: '—',
      verdict: '—',
    });
    if (r.likeForLike)
      rows.push({
        benchmark: `like for like: portal / bare without the session read (median of ${r.likeForLike.count} rounds, same rounds)`,
        value: `${x2(r.likeForLike.median)} (all ${x2(r.likeForLike.min)}–${x2(r.likeForLike.max)})`,
        budget: '—',
        verdict: '—',
      });
    rows.push({
      benchmark: 'portal CPU/req with age: last two rounds / first two',
      value: `${x2(r.age.growth)} (${Math.round(r.age.firstCpuUs)} → ${Math.round(r.age.lastCpuUs)} µs; bare ${x2(r.age.bareGrowth)})`,
      budget: `≤ ${AGE_GROWTH_LIMIT}×`,
      verdict: verdict(r.age.growth <= AGE_GROWTH_LIMIT),
    });
    const top = (phases: { phase: string; us: number }[]) =>
      phases
        .slice(0, 7)
        .map((x) => `${x.phase} ${Math.round(x.us)}`)
        .join(', ');
    rows.push({ benchmark: 'portal CPU per request by phase (µs, profile)', value: top(r.phases.portal), budget: '—', verdict: '—' });
    rows.push({ benchmark: 'bare CPU per request by phase (µs, profile)', value: top(r.phases.bare), budget: '—', verdict: '—' });
  }

  if (wants('cloudloan')) rows.push(...(await benchCloudLoanTrial(portal.origin)));

  if (wants('list')) {
    step('fund-flow list latency as the ledger grows');
    const l = await measureListLatency({ origin: portal.origin, databaseUrl: database.url, enterpriseId, cookie, filled10k: true, step });
    const fmt = (p: { p50: number; p95: number }) => `p50 ${p.p50} / p95 ${p.p95} ms`;
    rows.push({ benchmark: 'fund-flow list, 10k lines, first page', value: fmt(l.rows10k.first), budget: '—', verdict: '—' });
    rows.push({
      benchmark: 'fund-flow list, 1M lines, first page',
      value: fmt(l.rows1m.first),
      budget: 'p95 ≤ 2× 10k first page',
      verdict: verdict(l.rows1m.first.p95 <= 2 * Math.max(l.rows10k.first.p95, 1)),
    });
    rows.push({
      benchmark: `fund-flow list, 1M lines, middle page (${l.middlePage})`,
      value: fmt(l.rows1m.middle),
      budget: '—',
      verdict: '—',
    });
    rows.push({
      benchmark: `fund-flow list, 1M lines, last page (${l.lastPage})`,
      value: fmt(l.rows1m.last),
      budget: 'p95 ≤ 2× 1M first page',
      verdict: verdict(l.rows1m.last.p95 <= 2 * Math.max(l.rows1m.first.p95, 1)),
    });
  }
  if (wants('warehouse'))
    rows.push(
      ...(await (
        await import('./warehouse-inventory.ts')
      ).measureWarehouseInventory({ origin: portal.origin, databaseUrl: database.url, step })),
    );
  // Its own portal on embedded PGlite (one connection: what an import holds, everyone waits for).
  if (wants('statement-import')) rows.push(...(await (await import('./statement-import.ts')).benchStatementImport(step)));
} finally {
  await stopPortal?.();
  await database.drop().catch((err) => console.warn(`could not drop the bench database: ${err.message}`));
}

step(`done; logs in ${work}`);
console.table(rows);
if (rows.some((r) => r.verdict === 'OVER')) process.exitCode = 1;
if (!process.env.BENCH_KEEP && !process.env.BENCH_WEB_DIST) rmSync(path.join(work, 'dist'), { recursive: true, force: true });
