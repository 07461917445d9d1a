/**
 * Inventory list latency of the supervised warehouse as the quantity ledger grows (issue 13):
 * GET /api/warehouse/positions (the /warehouse/stockDetails list) and GET /api/warehouse/movements
 * (its drill-down and /warehouse/outIncoming), over HTTP against the running portal on PostgreSQL,
 * first with the demo world's history, then with 1,000,000 movements spread over 1,000 more
 * positions of the demo depositor in cangchu's warehouse. Cached positions are brought up to date
 * from the movement sums, and `stock:check` must hold on the filled database.
 *
 * Part of `npm run bench` (bench/run.ts: `--only=warehouse`), or on its own:
 *     node --import tsx bench/warehouse-inventory.ts
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { checkStock } from '../apps/server/src/modules/warehouse/index.ts';
import { prepareDatabase } from './prepare.ts';
import { createBenchDatabase, freePort, loginOverHttp, startServer } from './support.ts';

interface Percentiles {
  p50: number;
  p95: number;
}
export interface BenchRow {
  benchmark: string;
  value: string;
  budget: string;
  verdict: string;
}

const WARMUP = 20;
const SAMPLES = 120;
const MOVEMENTS = 1_000_000;
const POSITIONS = 1_000;

function percentiles(ms: number[]): Percentiles {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: Math.round(at(0.5) * 100) / 100, p95: Math.round(at(0.95) * 100) / 100 };
}

async function measure(origin: string, cookie: string, url: string): Promise<Percentiles & { totalCount: number }> {
  let totalCount = 0;
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${origin}${url}`, { headers: { cookie: `factoring_sid=${cookie}` } });
    const body = (await res.json()) as { status: string; message: { items: unknown[]; totalCount: number } };
    const ms = performance.now() - t0;
    if (body.status !== 'OK' || body.message.items.length === 0)
      throw new Error(`${url}: unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
    totalCount = body.message.totalCount;
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await once());
  return { ...percentiles(samples), totalCount };
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

/** 1,000 positions of the demo depositor in cangchu's first warehouse, and 1,000,000 movements over them. */
export async function fill(databaseUrl: string) {
  const database = openPostgres(databaseUrl, 2);
  try {
    const db = database.db;
    const [ids] = rowsOf(
      await db.execute(sql`
        select (select enterprise_id from users where login_name = 'demo') as depositor,
               (select w.id from warehouses w join users u on u.enterprise_id = w.company_id where u.login_name = 'cangchu' order by w.id limit 1) as warehouse,
               (select id from goods where name = '热轧卷板') as goods`),
    );
    const [loc] = rowsOf(
      await db.execute(sql`select id from warehouse_locations where warehouse_id = ${ids!.warehouse} order by id limit 1`),
    );
    await db.execute(sql`
      insert into stock_positions (warehouse_id, location_id, depositor_id, goods_id, batch_no)
      select ${ids!.warehouse}::int, ${loc!.id}::int, ${ids!.depositor}::int, ${ids!.goods}::int, 'BENCH-' || lpad(i::text, 4, '0')
      from generate_series(1, ${POSITIONS}::int) i`);
    const chunk = 200_000;
    for (let from = 1; from <= MOVEMENTS; from += chunk) {
      const to = Math.min(MOVEMENTS, from + chunk - 1);
      // Each position: three stock-ins of 10.000 t for every stock-out of 5.000 t, over the past ~3 years.
      await db.execute(sql`
        with p as (select id, row_number() over (order by id) - 1 as rn from stock_positions where batch_no like 'BENCH-%')
        insert into stock_movements (operation_no, position_id, warehouse_id, depositor_id, goods_id, kind, quantity, d_available, d_pledged, d_frozen, occurred_on, document_no, actor_name, created_at)
        select 'BENCH' || g, p.id, ${ids!.warehouse}::int, ${ids!.depositor}::int, ${ids!.goods}::int,
               case when (g / ${POSITIONS}) % 4 = 3 then 'OUT' else 'IN' end,
               case when (g / ${POSITIONS}) % 4 = 3 then 5.000 else 10.000 end,
               case when (g / ${POSITIONS}) % 4 = 3 then -5.000 else 10.000 end, 0, 0,
               (now() - (g * interval '90 seconds'))::date, 'BENCH-' || g, '李仓', now() - (g * interval '90 seconds')
        from generate_series(${from}::int, ${to}::int) g join p on p.rn = g % ${POSITIONS}`);
    }
    // What postMovements keeps with each movement: the buckets, the count and the last recorded movement's date.
    await db.execute(sql`
      update stock_positions s set available = m.a, movement_count = m.n,
             last_moved_on = (select occurred_on from stock_movements where position_id = s.id order by id desc limit 1)
      from (select position_id, sum(d_available) as a, count(*) as n from stock_movements where operation_no like 'BENCH%' group by position_id) m
      where m.position_id = s.id`);
    await db.execute(sql`vacuum analyze stock_movements`);
    await db.execute(sql`vacuum analyze stock_positions`);
  } finally {
    await database.close();
  }
}

/** The inventory and movement lists at the demo world's size and with 1,000,000 movements; the rows of the bench table. */
export async function measureWarehouseInventory(opts: { origin: string; databaseUrl: string; step(s: string): void }): Promise<BenchRow[]> {
  const keeper = await loginOverHttp(opts.origin, 'cangchu');
  const lists = (positionsTotal?: number, movementsTotal?: number) => [
    ['inventory list (warehouse company), first page', '/api/warehouse/positions?page=1&size=10'],
    ...(positionsTotal
      ? [
          [
            `inventory list, last page (${Math.ceil(positionsTotal / 10)})`,
            `/api/warehouse/positions?page=${Math.ceil(positionsTotal / 10)}&size=10`,
          ],
        ]
      : []),
    ['movement list, first page', '/api/warehouse/movements?page=1&size=10'],
    ...(movementsTotal
      ? [
          [`movement list, page 1000`, '/api/warehouse/movements?page=1000&size=10'],
          // Pages of 20: the contract caps the page number at 100,000, so the last page of 10 is out of reach.
          [
            `movement list, last page (${Math.ceil(movementsTotal / 20)} of 20)`,
            `/api/warehouse/movements?page=${Math.ceil(movementsTotal / 20)}&size=20`,
          ],
        ]
      : []),
  ];
  const before: Record<string, Percentiles> = {};
  for (const [name, url] of lists()) before[name!] = await measure(opts.origin, keeper, url!);
  opts.step(`filling the quantity ledger with ${MOVEMENTS.toLocaleString('en')} movements`);
  await fill(opts.databaseUrl);
  const totals = await measure(opts.origin, keeper, '/api/warehouse/positions?page=1&size=10');
  const moves = await measure(opts.origin, keeper, '/api/warehouse/movements?page=1&size=10');
  const rows: BenchRow[] = [];
  const fmt = (p: Percentiles) => `p50 ${p.p50} / p95 ${p.p95} ms`;
  for (const [name, url] of lists(totals.totalCount, moves.totalCount)) {
    const after = await measure(opts.origin, keeper, url!);
    const base = before[name!];
    if (base) rows.push({ benchmark: `warehouse ${name}, demo history`, value: fmt(base), budget: '—', verdict: '—' });
    // A page the demo world does not have (page 1000, the last) is held to the same list's first page on its demo history.
    const yardstick =
      base ??
      (name!.startsWith('movement list') ? before['movement list, first page'] : before['inventory list (warehouse company), first page']);
    rows.push({
      benchmark: `warehouse ${name}, ${(moves.totalCount / 1e6).toFixed(2)}M movements`,
      value: fmt(after),
      budget: base ? 'p95 ≤ 2× demo history' : 'p95 ≤ 2× first page, demo history',
      verdict: after.p95 <= 2 * Math.max(yardstick!.p95, 1) ? 'within' : 'OVER',
    });
  }
  const database = openPostgres(opts.databaseUrl, 2);
  try {
    const t0 = performance.now();
    const report = await checkStock(database.db);
    if (report.problems.length) throw new Error(`stock:check fails after the bench fill: ${report.problems.slice(0, 3).join('; ')}`);
    rows.push({
      benchmark: `stock:check over ${report.movements.toLocaleString('en')} movements`,
      value: `${Math.round(performance.now() - t0)} ms, proven`,
      budget: '—',
      verdict: '—',
    });
  } finally {
    await database.close();
  }
  return rows;
}

// On its own: a throw-away database and portal, then the table.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const started = Date.now();
  const step = (what: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${what}`);
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const work = mkdtempSync(path.join(os.tmpdir(), 'fp-bench-wh-'));
  const database = await createBenchDatabase(adminUrl);
  let stop: (() => Promise<void>) | undefined;
  try {
    step('preparing the database (migrations, demo world)');
    await prepareDatabase(database.url);
    const port = await freePort();
    const portal = await startServer({
      script: 'apps/server/src/main.ts',
      port,
      logFile: path.join(work, 'portal.log'),
      env: {
        DATABASE_URL: database.url,
        WEB_DIST: path.join(work, 'no-dist'),
        NODE_ENV: 'production',
        SIGNING_KEY_SECRET: 'bench-signing-secret-not-for-use',
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        AUTH_RATE_LIMIT: '100000',
        DATA_DIR: path.join(work, 'data'),
      },
    });
    stop = portal.stop;
    step('measuring');
    console.table(await measureWarehouseInventory({ origin: portal.origin, databaseUrl: database.url, step }));
  } finally {
    await stop?.();
    await database.drop().catch(() => undefined);
  }
}
