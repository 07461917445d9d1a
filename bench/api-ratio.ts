/**
 * The authenticated fund-flow list against a bare Fastify + pg handler (ARCHITECTURE "Budgets":
 * ≥ 90 % of its throughput on PostgreSQL, same run).
 *
 * 1. Captures the SQL statements the portal runs for `GET /api/funds/flows?page=1&size=10` when it
 *    reads the session from the database — session, count, page: the yardstick of issue 38 — by running
 *    that request once in-process on the same database, without the session cache, with pg's
 *    Pool.query observed. The portal under load answers the session from its per-node cache
 *    (modules/auth/sessions.ts, at most a second old) and sends the other two.
 * 2. Starts the bare server replaying those statements (same pool size, 10); prints them.
 * 3. Warms both up, then loads them with autocannon, 10 connections, in short rounds in ABBA order
 *    (portal, bare, bare, portal …) and compares each pair's requests per second: the median of the
 *    pairs' ratios with its spread, the servers' CPU per request (user + system, from /proc) and the
 *    load average beside each pair — this machine is shared, so every round is printed.
 * 4. Checks that both sides really send the same number of statements to PostgreSQL per request
 *    (commits counted by the database while one side is loaded).
 * 5. Age: the portal's CPU per request in its last two rounds against its first two (and its resident
 *    memory per round), so a request path that costs more the longer the server runs shows. Every
 *    measured round of every server starts from a full garbage collection (COLLECT_ON_SIGNAL), so a
 *    major collection of earlier rounds' garbage does not land in one round of one side.
 * 6. Where the CPU goes: a copy of each server under `--cpu-prof` and the same load, its samples
 *    attributed to the request path's phases (cpu-phases.ts), in µs per request.
 * 7. Like for like (information, not the verdict): in the same rounds, a third server — a bare handler
 *    replaying only the statements the portal sends per request under load (count and page, no session
 *    read) — so the portal's own overhead stays visible beside the ratio the session cache buys.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { phasesOf, type PhaseShare } from './cpu-phases.ts';
import { BENCH_SIGNING_KEY_SECRET, freePort, startServer } from './support.ts';

export const API_RATIO_GOAL = 0.9;
export const LIST_URL = '/api/funds/flows?page=1&size=10';
const CONNECTIONS = 10;
/** The pool of the bare handler: the portal's own (db/client.ts openPostgres). */
const POOL_SIZE = 10;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
// 20 pairs: on a shared 2-core machine one pair's ratio ranges 0.7–1.2 (2026-11-30: two runs of 12 gave medians 0.96 and 0.91);
// the median of more pairs moves less from run to run, at ~10 s a round.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 20);
const PROFILE_SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 15);
/** The last rounds may cost this much more CPU per request than the first ones: the noise of a shared machine, not growth. */
export const AGE_GROWTH_LIMIT = 1.15;
/**
 * Node flags of every measured server (portal and bare alike): a full garbage collection on SIGUSR2
 * (bench/gc-on-signal.mjs), sent before each round. The portal promotes some of each request's garbage
 * to the old generation, so a major collection came every 15–100 s and fell into whichever round it
 * fell into (one in the last round made the age 1.23× on 2026-11-29); collected before every round, on
 * both sides, each round starts from the same heap and pays only for its own garbage. What a request
 * path keeps (a growing cache or list) is reachable and survives the collection, so growth still shows.
 */
export const COLLECT_ON_SIGNAL = ['--expose-gc', '--import', pathToFileURL(path.resolve('bench/gc-on-signal.mjs')).href];

interface Statement {
  /** A named (prepared) statement is replayed under the same name, so it is prepared there too. */
  name?: string;
  text: string;
  values?: unknown[];
  rowMode?: string;
}

/** BENCH_LIKE_FOR_LIKE=0 leaves the like-for-like bare handler out (a third of the rounds' time). */
const LIKE_FOR_LIKE = process.env.BENCH_LIKE_FOR_LIKE !== '0';
/** The session read's statement (modules/auth/sessions.ts): the one the portal's cache answers. */
const SESSION_STATEMENT = 'session_resolve';

/**
 * The statements the portal sends to PostgreSQL for one list request whose session is read from the
 * database (a warm one: no session touch) — the capture runs without the per-node session cache.
 */
export async function captureStatements(databaseUrl: string, cookie: string, dataDir: string): Promise<Statement[]> {
  const database = openPostgres(databaseUrl, 2);
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: databaseUrl,
      JOBS: 'off',
      SIGNING_KEY_SECRET: BENCH_SIGNING_KEY_SECRET,
      // The portal's own files (its signing root is encrypted with the same secret), never the checkout's ./data.
      DATA_DIR: dataDir,
    }),
    database,
    { sessionCacheMs: 0 },
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

/** Transactions committed in the bench database so far: each statement outside a transaction is one. */
async function commits(pool: pg.Pool): Promise<number> {
  const r = await pool.query<{ n: string }>('select xact_commit::text as n from pg_stat_database where datname = current_database()');
  return Number(r.rows[0].n);
}

/**
 * A full garbage collection in a server started with COLLECT_ON_SIGNAL, waited out (its CPU time stops
 * moving for 100 ms, at most 5 s) so that the collection's CPU is not counted in the round that follows.
 */
async function collectGarbage(pid: number): Promise<void> {
  process.kill(pid, 'SIGUSR2');
  let last = cpuMs(pid);
  for (let i = 0; i < 50; i++) {
    await new Promise((res) => setTimeout(res, 100));
    const now = cpuMs(pid);
    if (now === last) return;
    last = now;
  }
}

/** A process's resident memory in MB (Linux /proc): printed per round, a request path that keeps something shows here. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

/** The environment a running process was started with (Linux /proc), so a second copy of it runs exactly alike. */
function environmentOf(pid: number): Record<string, string> {
  return Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
}

/**
 * Where a server's CPU goes: a second copy of it started under `--cpu-prof`, loaded like the rounds
 * for PROFILE_SECONDS, stopped, and its profile attributed to the request path's phases (cpu-phases.ts).
 */
async function profilePhases(opts: { script: string; env: Record<string, string>; dir: string; cookie: string }): Promise<PhaseShare[]> {
  mkdirSync(opts.dir, { recursive: true });
  const server = await startServer({
    script: opts.script,
    port: await freePort(),
    logFile: `${opts.dir}/server.log`,
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', opts.dir],
    env: opts.env,
  });
  try {
    await load(server.origin, opts.cookie, PROFILE_SECONDS);
  } finally {
    await server.stop();
  }
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (1 is tsx's loader).
  const profile = readdirSync(opts.dir).find((f) => /\.0\.\d+\.cpuprofile$/.test(f));
  if (!profile) throw new Error(`no CPU profile written in ${opts.dir}`);
  return phasesOf(`${opts.dir}/${profile}`);
}

interface Round {
  rps: number;
  cpuUs: number;
  requests: number;
}

/**
 * Requests per second under load, and the server's CPU per request (steadier than req/s on a shared machine).
 * A measured round (pid given) starts after a full garbage collection of its server (COLLECT_ON_SIGNAL).
 */
async function load(origin: string, cookie: string, seconds: number, pid?: number): Promise<Round> {
  if (pid) await collectGarbage(pid);
  const before = pid ? cpuMs(pid) : 0;
  const result = await autocannon({
    url: origin + LIST_URL,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie: `factoring_sid=${cookie}` },
  });
  if (result.non2xx || result.errors) throw new Error(`${origin}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`);
  const cpuUs = pid && result.requests.total ? ((cpuMs(pid) - before) * 1000) / result.requests.total : 0;
  return { rps: result.requests.average, cpuUs, requests: result.requests.total };
}

const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
/** The median, and the middle half (25th–75th percentile) as the spread. */
export function spread(xs: number[]): { median: number; q1: number; q3: number; min: number; max: number; count: number } {
  const s = sorted(xs);
  const at = (q: number) => {
    const i = (s.length - 1) * q;
    return s[Math.floor(i)] + (s[Math.ceil(i)] - s[Math.floor(i)]) * (i - Math.floor(i));
  };
  return { median: at(0.5), q1: at(0.25), q3: at(0.75), min: s[0], max: s[s.length - 1], count: s.length };
}

export async function measureApiRatio(opts: {
  portalOrigin: string;
  portalPid?: number;
  databaseUrl: string;
  cookie: string;
  work: string;
  step(s: string): void;
}) {
  const statements = await captureStatements(opts.databaseUrl, opts.cookie, path.join(opts.work, 'data'));
  const file = path.join(opts.work, 'bare-statements.json');
  writeFileSync(file, JSON.stringify(statements, null, 2));
  opts.step(`captured ${statements.length} SQL statements per list request (${file}):`);
  for (const s of statements)
    opts.step(`  ${s.name ? `[${s.name}] ` : ''}${s.text.replace(/\s+/g, ' ').slice(0, 110)}… (${s.values?.length ?? 0} values)`);
  const bare = await startServer({
    script: 'bench/bare-server.ts',
    port: await freePort(),
    logFile: path.join(opts.work, 'bare.log'),
    nodeArgs: [
      ...COLLECT_ON_SIGNAL,
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.join(opts.work, 'bare-profile')] : []),
    ],
    env: { DATABASE_URL: opts.databaseUrl, BARE_STATEMENTS: file, POOL_SIZE: String(POOL_SIZE) },
  });
  // Like for like: a second bare handler without the session read, as the portal sends per request under load.
  const ownStatements = statements.filter((x) => x.name !== SESSION_STATEMENT);
  const ownFile = path.join(opts.work, 'bare-statements-without-session.json');
  writeFileSync(ownFile, JSON.stringify(ownStatements, null, 2));
  const own =
    LIKE_FOR_LIKE && ownStatements.length < statements.length
      ? await startServer({
          script: 'bench/bare-server.ts',
          port: await freePort(),
          logFile: path.join(opts.work, 'bare-without-session.log'),
          nodeArgs: COLLECT_ON_SIGNAL,
          env: { DATABASE_URL: opts.databaseUrl, BARE_STATEMENTS: ownFile, POOL_SIZE: String(POOL_SIZE) },
        })
      : undefined;
  const stats = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
  try {
    // Warm-up: the portal's code is large and the JIT needs thousands of requests to settle (CPU per
    // request falls by half over the first ~10 s, and the first round after 10 s of warm-up was still
    // the slowest in most runs); measuring earlier compares a cold portal with a warm bare.
    await load(opts.portalOrigin, opts.cookie, WARMUP_SECONDS);
    await load(bare.origin, opts.cookie, WARMUP_SECONDS);
    if (own) await load(own.origin, opts.cookie, WARMUP_SECONDS);
    const runPortal = () => load(opts.portalOrigin, opts.cookie, ROUND_SECONDS, opts.portalPid);
    const runBare = () => load(bare.origin, opts.cookie, ROUND_SECONDS, bare.child.pid);
    const runOwn = own ? () => load(own.origin, opts.cookie, ROUND_SECONDS, own.child.pid) : undefined;
    const likeForLike: number[] = [];
    const pairs: { portal: Round; bare: Round; load: number; portalRssMb: number }[] = [];
    // Statements per request as PostgreSQL counts them (commits in the bench database), one side at a time.
    const settle = () => new Promise((res) => setTimeout(res, 11_000)); // an idle backend reports its counts within 10 s (PostgreSQL 15)
    const statementsPerRequest = async (run: () => Promise<Round>) => {
      await settle(); // the previous round's counts first
      const c0 = await commits(stats);
      const r = await run();
      await settle();
      return ((await commits(stats)) - c0 - 1) / Math.max(1, r.requests); // minus our own first count query
    };
    // Short rounds in ABBA order (portal, bare, bare, portal, …), each compared with its neighbour: a
    // burst of other load on the machine hits one pair, and the median of the pairs' ratios sets it aside.
    for (let round = 0; round < ROUNDS; round++) {
      const portalFirst = round % 2 === 0;
      // Like for like in the same rounds (portal, bare, own / own, bare, portal): the same load on all three.
      const ownBefore = runOwn && !portalFirst ? await runOwn() : undefined;
      const first = await (portalFirst ? runPortal : runBare)();
      const second = await (portalFirst ? runBare : runPortal)();
      const ownAfter = runOwn && portalFirst ? await runOwn() : undefined;
      const [p, b] = portalFirst ? [first, second] : [second, first];
      const o = ownBefore ?? ownAfter;
      if (o) likeForLike.push(p.rps / o.rps);
      const loadAverage = os.loadavg()[0];
      const portalRssMb = opts.portalPid ? rssMb(opts.portalPid) : 0;
      pairs.push({ portal: p, bare: b, load: loadAverage, portalRssMb });
      opts.step(
        `round ${round + 1}/${ROUNDS}: portal ${Math.round(p.rps)} req/s (${Math.round(p.cpuUs)} µs CPU/req, ${Math.round(portalRssMb)} MB resident), bare ${Math.round(b.rps)} req/s (${Math.round(b.cpuUs)} µs CPU/req), ratio ${(p.rps / b.rps).toFixed(2)}${o ? `; bare without the session read ${Math.round(o.rps)} req/s (${Math.round(o.cpuUs)} µs CPU/req), ratio ${(p.rps / o.rps).toFixed(2)}` : ''}, load average ${loadAverage.toFixed(1)}`,
      );
    }
    // Age: the portal's CPU per request in its last two rounds against its first two (a request path
    // that leaves something behind — a growing table, cache or list — costs more the longer it runs).
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const firstCpuUs = mean(pairs.slice(0, 2).map((x) => x.portal.cpuUs));
    const lastCpuUs = mean(pairs.slice(-2).map((x) => x.portal.cpuUs));
    const bareFirstCpuUs = mean(pairs.slice(0, 2).map((x) => x.bare.cpuUs));
    const bareLastCpuUs = mean(pairs.slice(-2).map((x) => x.bare.cpuUs));
    opts.step(
      `age: portal ${Math.round(firstCpuUs)} → ${Math.round(lastCpuUs)} µs CPU/req (first two rounds → last two, ${(lastCpuUs / firstCpuUs).toFixed(2)}×), bare ${Math.round(bareFirstCpuUs)} → ${Math.round(bareLastCpuUs)} µs (${(bareLastCpuUs / bareFirstCpuUs).toFixed(2)}×)`,
    );
    const portalCheck = await statementsPerRequest(runPortal);
    const bareCheck = await statementsPerRequest(runBare);
    opts.step(`profiling a copy of each server for ${PROFILE_SECONDS} s under the same load (--cpu-prof)`);
    const portalPhases = opts.portalPid
      ? await profilePhases({
          script: 'apps/server/src/main.ts',
          env: environmentOf(opts.portalPid),
          dir: path.join(opts.work, 'profile-portal'),
          cookie: opts.cookie,
        })
      : [];
    const barePhases = await profilePhases({
      script: 'bench/bare-server.ts',
      env: { DATABASE_URL: opts.databaseUrl, BARE_STATEMENTS: file, POOL_SIZE: String(POOL_SIZE) },
      dir: path.join(opts.work, 'profile-bare'),
      cookie: opts.cookie,
    });
    const portalCpuUs = spread(pairs.map((x) => x.portal.cpuUs)).median;
    const bareCpuUs = spread(pairs.map((x) => x.bare.cpuUs)).median;
    // The profile gives shares; the rounds' median CPU per request turns them into µs per request.
    const perRequest = (phases: PhaseShare[], cpuUs: number) => phases.map((x) => ({ phase: x.phase, us: x.share * cpuUs }));
    const phases = { portal: perRequest(portalPhases, portalCpuUs), bare: perRequest(barePhases, bareCpuUs) };
    for (const side of ['portal', 'bare'] as const) {
      opts.step(`where the ${side}'s CPU goes per request (profile attribution, ${PROFILE_SECONDS} s under load):`);
      for (const x of phases[side]) opts.step(`  ${x.phase.padEnd(40)} ${Math.round(x.us).toString().padStart(5)} µs`);
    }
    return {
      portalRps: spread(pairs.map((x) => x.portal.rps)).median,
      bareRps: spread(pairs.map((x) => x.bare.rps)).median,
      ratio: spread(pairs.map((x) => x.portal.rps / x.bare.rps)),
      portalCpuUs,
      bareCpuUs,
      age: { firstCpuUs, lastCpuUs, growth: lastCpuUs / firstCpuUs, bareGrowth: bareLastCpuUs / bareFirstCpuUs },
      phases,
      /** Bare CPU per request over the portal's, per pair: the same ratio in CPU, steadier than req/s. */
      cpuRatio: spread(pairs.map((x) => x.bare.cpuUs / x.portal.cpuUs)),
      load: spread(pairs.map((x) => x.load)),
      statements: statements.length,
      /** Portal / bare req/s against a bare handler sending only the portal's own per-request statements (no session read). */
      likeForLike: likeForLike.length ? spread(likeForLike) : undefined,
      rounds: ROUNDS,
      roundSeconds: ROUND_SECONDS,
      statementsPerRequest: { portal: portalCheck, bare: bareCheck },
    };
  } finally {
    await stats.end();
    await bare.stop();
    await own?.stop();
  }
}
