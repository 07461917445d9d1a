/**
 * The authenticated fund-flow list against a bare Fastify + pg handler (ARCHITECTURE "Budgets":
 * ≥ 80 % of its throughput on PostgreSQL, same run).
 *
 * 1. Captures the SQL statements the portal runs for `GET /api/funds/flows?page=1&size=10` — the
 *    session lookup included — by running that request once in-process on the same database with
 *    pg's Pool.query observed.
 * 2. Starts the bare server replaying those statements (same pool size, 10).
 * 3. Loads both with autocannon, 10 connections, in alternating rounds, and compares requests per second.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { freePort, startServer } from './support.ts';

export const API_RATIO_GOAL = 0.8;
export const LIST_URL = '/api/funds/flows?page=1&size=10';
const CONNECTIONS = 10;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);

interface Statement {
  /** A named (prepared) statement is replayed under the same name, so it is prepared there too. */
  name?: string;
  text: string;
  values?: unknown[];
  rowMode?: string;
}

/** The statements the portal sends to PostgreSQL for one list request (a warm one: no session touch). */
export async function captureStatements(databaseUrl: string, cookie: string): Promise<Statement[]> {
  const database = openPostgres(databaseUrl, 2);
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATABASE_URL: databaseUrl, JOBS: 'off' }),
    database,
  );
  await app.ready();
  const captured: Statement[] = [];
  const original = pg.Pool.prototype.query;
  try {
    const request = () => app.inject({ method: 'GET', url: LIST_URL, headers: { cookie: `factoring_sid=${cookie}` } });
    await request(); // the session touch, if due, happens here
    pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
      const [first, second] = args as [
        string | { name?: string; text: string; values?: unknown[]; rowMode?: string },
        unknown[] | undefined,
      ];
      captured.push(
        typeof first === 'string'
          ? { text: first, values: second }
          : { name: first.name, text: first.text, values: first.values ?? second, rowMode: first.rowMode },
      );
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    const res = await request();
    if (res.statusCode !== 200 || res.json().status !== 'OK')
      throw new Error(`the list answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  } finally {
    pg.Pool.prototype.query = original;
    await app.close();
    await database.close();
  }
  if (!captured.length) throw new Error('no SQL captured for the list request');
  return captured;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
}

/** Requests per second under load, and the server's CPU per request (steadier than req/s on a shared machine). */
async function load(origin: string, cookie: string, seconds: number, pid?: number): Promise<{ rps: number; cpuUs: number }> {
  const before = pid ? cpuMs(pid) : 0;
  const result = await autocannon({
    url: origin + LIST_URL,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie: `factoring_sid=${cookie}` },
  });
  if (result.non2xx || result.errors) throw new Error(`${origin}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`);
  const cpuUs = pid && result.requests.total ? ((cpuMs(pid) - before) * 1000) / result.requests.total : 0;
  return { rps: result.requests.average, cpuUs };
}

export async function measureApiRatio(opts: {
  portalOrigin: string;
  portalPid?: number;
  databaseUrl: string;
  cookie: string;
  work: string;
  step(s: string): void;
}) {
  const statements = await captureStatements(opts.databaseUrl, opts.cookie);
  const file = path.join(opts.work, 'bare-statements.json');
  writeFileSync(file, JSON.stringify(statements, null, 2));
  opts.step(`captured ${statements.length} SQL statements per list request; starting the bare handler`);
  const bare = await startServer({
    script: 'bench/bare-server.ts',
    port: await freePort(),
    logFile: path.join(opts.work, 'bare.log'),
    env: { DATABASE_URL: opts.databaseUrl, BARE_STATEMENTS: file, POOL_SIZE: '10' },
  });
  try {
    // Warm-up: the portal's code is large and the JIT needs thousands of requests to settle (CPU per
    // request falls by half over the first ~10 s); measuring earlier compares a cold portal with a warm bare.
    await load(opts.portalOrigin, opts.cookie, WARMUP_SECONDS);
    await load(bare.origin, opts.cookie, WARMUP_SECONDS);
    const portal: number[] = [];
    const bareRps: number[] = [];
    const ratios: number[] = [];
    const portalCpu: number[] = [];
    const bareCpu: number[] = [];
    // Short alternating rounds, each compared with its neighbour: a burst of other load on the machine
    // hits one pair, and the median of the pairs' ratios sets it aside.
    for (let round = 0; round < ROUNDS; round++) {
      const runPortal = () => load(opts.portalOrigin, opts.cookie, ROUND_SECONDS, opts.portalPid);
      const runBare = () => load(bare.origin, opts.cookie, ROUND_SECONDS, bare.child.pid);
      const [p, r] = round % 2 ? [undefined, await runBare()] : [await runPortal(), undefined];
      const pr = p ?? (await runPortal());
      const br = r ?? (await runBare());
      portal.push(pr.rps);
      bareRps.push(br.rps);
      ratios.push(pr.rps / br.rps);
      portalCpu.push(pr.cpuUs);
      bareCpu.push(br.cpuUs);
      opts.step(
        `round ${round + 1}/${ROUNDS}: portal ${Math.round(pr.rps)} req/s (${Math.round(pr.cpuUs)} µs CPU/req), bare ${Math.round(br.rps)} req/s (${Math.round(br.cpuUs)} µs CPU/req), ratio ${(pr.rps / br.rps).toFixed(2)}`,
      );
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    return {
      portalRps: median(portal),
      bareRps: median(bareRps),
      ratio: median(ratios),
      portalCpuUs: median(portalCpu),
      bareCpuUs: median(bareCpu),
      statements: statements.length,
    };
  } finally {
    await bare.stop();
  }
}
