/**
 * Fund-flow list latency as the ledger grows (ARCHITECTURE "Budgets": p95 at 1,000,000 rows within
 * 2× of 10,000). Runs the real app (app.inject, logged in as `demo`) against PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set — in a database it creates and drops — otherwise
 * against an in-memory PGlite.
 *
 * The ledger is filled with generate_series: deposits to the demo enterprise, each one journal entry
 * of two lines (the enterprise's available part and the factor's bank account), so "N rows" is N
 * journal lines in the table, half of them in the demo user's list. Cached balances and line counts
 * are brought up to date as a posting would, so `ledger:check` holds on the filled database.
 *
 * Each measurement: GET /api/funds/flows?page=P&size=10 with P drawn from the first 50 pages (the
 * pages people read), after a warm-up. Run alone: `node --import tsx bench/fund-flow-list.ts`.
 */
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres, wrapPglite, type Database } from '../apps/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemoWorld, seedReferenceData } from '../apps/server/src/db/seed/demo-world.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check.ts';

export interface Percentiles {
  p50: number;
  p95: number;
}

const WARMUP = 100;
const SAMPLES = 300;
const PAGES = 50;
const SIZE = 10;

function percentiles(ms: number[]): Percentiles {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { p50: Math.round(at(0.5) * 100) / 100, p95: Math.round(at(0.95) * 100) / 100 };
}

async function openBenchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = wrapPglite(await PGlite.create());
    return { database, drop: async () => undefined };
  }
  const name = `fp_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { database: openPostgres(url.toString(), 10), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

/** Adds `lines` journal lines (lines / 2 deposits to the enterprise) and brings the cached balances up to date. */
export async function fill(database: Database, enterpriseId: number, lines: number, offset: number) {
  const db = database.db;
  const [acc] = rowsOf(
    await db.execute(sql`select (select id from ledger_accounts where code = ${`VA:${enterpriseId}:AVAILABLE`}) as avail, (select id from ledger_accounts where code = 'BANK_CASH') as bank`),
  );
  const entries = lines / 2;
  const chunk = 100_000;
  for (let from = 1; from <= entries; from += chunk) {
    const to = Math.min(entries, from + chunk - 1);
    // Spread over the past ~2 years, newest first; the seeded rows stay the most recent.
    await db.execute(sql`
      with e as (
        insert into journal_entries (kind, memo, created_at)
        select 'DEPOSIT', 'bench', now() - interval '1 hour' - ((g + ${offset}) * interval '61 seconds')
        from generate_series(${from}::int, ${to}::int) g
        returning id, created_at
      )
      insert into journal_lines (entry_id, account_id, side, amount, enterprise_id, bucket, flow_type, counterparty_name, counterparty_account, created_at)
      select id, ${acc.avail}::int, 'C', 100 + (id % 997) * 37, ${enterpriseId}::int, 'AVAILABLE', 'DEPOSIT', '客户' || (id % 40), '6217' || lpad((id % 40)::text, 12, '0'), created_at from e
      union all
      select id, ${acc.bank}::int, 'D', 100 + (id % 997) * 37, null, null, 'BANK_RECEIPT', null, null, created_at from e`);
  }
  await db.execute(sql`
    update ledger_accounts a
    set balance = case a.normal_side when 'D' then s.net else -s.net end, line_count = s.n
    from (select account_id, sum(case side when 'D' then amount else -amount end) as net, count(*) as n from journal_lines group by account_id) s
    where s.account_id = a.id`);
  await db.execute(database.kind === 'postgres' ? sql`vacuum analyze journal_lines` : sql`analyze journal_lines`);
}

async function login(app: FastifyInstance, loginName: string): Promise<string> {
  const current = await app.inject({ method: 'GET', url: '/api/user/current' });
  const { modulus, exponent } = current.json().message as { modulus: string; exponent: string };
  const key = createPublicKey({ key: { kty: 'RSA', n: Buffer.from(modulus, 'hex').toString('base64url'), e: Buffer.from(exponent, 'hex').toString('base64url') }, format: 'jwk' });
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(DEMO_PASSWORD)).toString('base64');
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest', origin: 'http://bench.local', host: 'bench.local' },
    payload: new URLSearchParams({ username: loginName, password, loginType: 'PASSWORD', maskLoginVisible: 'false' }).toString(),
  });
  const cookie = res.cookies.find((c) => c.name === 'factoring_sid');
  if (!cookie) throw new Error(`bench login failed: ${res.body}`);
  return `factoring_sid=${cookie.value}`;
}

async function measure(app: FastifyInstance, cookie: string, expectTotal: number): Promise<Percentiles> {
  const once = async (i: number) => {
    const pageNo = 1 + ((i * 7919) % PAGES);
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/funds/flows?page=${pageNo}&size=${SIZE}`, headers: { cookie, host: 'bench.local' } });
    const ms = performance.now() - t0;
    const body = res.json() as { status: string; message: { items: unknown[]; totalCount: number } };
    if (body.status !== 'OK' || body.message.items.length !== SIZE || body.message.totalCount < expectTotal) throw new Error(`unexpected answer: ${res.body.slice(0, 200)}`);
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await once(i);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await once(i));
  return percentiles(samples);
}

export async function benchFundFlowList(): Promise<{ rows10k: Percentiles; rows1m: Percentiles }> {
  const { database, drop } = await openBenchDatabase();
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedDemoWorld(database.db);
    const [demo] = rowsOf(await database.db.execute(sql`select enterprise_id from users where login_name = 'demo'`));
    const enterpriseId = Number(demo.enterprise_id);

    app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', AUTH_RATE_LIMIT: '100000' }), database);
    await app.ready();
    const cookie = await login(app, 'demo');

    await fill(database, enterpriseId, 10_000, 0);
    const rows10k = await measure(app, cookie, 5_000);
    await fill(database, enterpriseId, 990_000, 5_000);
    const rows1m = await measure(app, cookie, 500_000);

    const report = await checkLedger(database.db);
    if (report.problems.length) throw new Error(`ledger not proven after the bench fill: ${report.problems.join('; ')}`);
    return { rows10k, rows1m };
  } finally {
    await app?.close();
    await database.close();
    await drop();
  }
}

// Run alone: prints the two measurements and the budget verdict.
if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const r = await benchFundFlowList();
  const engine = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  console.table([
    { rows: '10,000', engine, 'p50 ms': r.rows10k.p50, 'p95 ms': r.rows10k.p95 },
    { rows: '1,000,000', engine, 'p50 ms': r.rows1m.p50, 'p95 ms': r.rows1m.p95 },
  ]);
  const ratio = r.rows1m.p95 / r.rows10k.p95;
  console.log(`p95 1M / 10k = ${ratio.toFixed(2)} (budget ≤ 2) — ${ratio <= 2 ? 'within' : 'OVER'}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (ratio > 2) process.exitCode = 1;
}
