/**
 * Fund-flow list latency as the ledger grows (ARCHITECTURE "Budgets": p95 at 1,000,000 rows within
 * 2× of 10,000; issue 11: the last page within 2× of the first). Measured over HTTP against the
 * running portal (bench/run.ts) on PostgreSQL, logged in as `demo`.
 *
 * The ledger is filled with generate_series: deposits to the demo enterprise, each one journal entry
 * of two lines (the enterprise's available part and the factor's bank account), so "N rows" is N
 * journal lines in the table, half of them in the demo user's list. Cached balances and line counts
 * are brought up to date as a posting would, so `ledger:check` holds on the filled database.
 *
 * Each measurement: GET /api/funds/flows?page=P&size=10, the same page repeatedly after a warm-up.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../apps/server/src/db/client.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/index.ts';

export interface Percentiles {
  p50: number;
  p95: number;
}

function percentiles(ms: number[]): Percentiles {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { p50: Math.round(at(0.5) * 100) / 100, p95: Math.round(at(0.95) * 100) / 100 };
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

/** Adds `lines` journal lines (lines / 2 deposits to the enterprise) and brings the cached balances up to date. */
export async function fill(database: Database, enterpriseId: number, lines: number, offset: number) {
  const db = database.db;
  const [acc] = rowsOf(
    await db.execute(
      sql`select (select id from ledger_accounts where code = ${`VA:${enterpriseId}:AVAILABLE`}) as avail, (select id from ledger_accounts where code = 'BANK_CASH') as bank`,
    ),
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
  // The bulk load's WAL is flushed now rather than by a checkpoint in the middle of the timings
  // (a p95 of the first page at 1M lines once doubled that way). Needs a superuser; otherwise skipped.
  if (database.kind === 'postgres') await db.execute(sql`checkpoint`).catch(() => undefined);
}

const WARMUP = 30;
const SAMPLES = 150;
const SIZE = 10;

async function measurePage(
  origin: string,
  cookie: string,
  page: number,
  expectItems: boolean,
): Promise<Percentiles & { totalCount: number }> {
  let totalCount = 0;
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${origin}/api/funds/flows?page=${page}&size=${SIZE}`, { headers: { cookie: `factoring_sid=${cookie}` } });
    const body = (await res.json()) as { status: string; message: { items: unknown[]; totalCount: number } };
    const ms = performance.now() - t0;
    if (body.status !== 'OK' || (expectItems && body.message.items.length === 0))
      throw new Error(`page ${page}: unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
    totalCount = body.message.totalCount;
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await once());
  return { ...percentiles(samples), totalCount };
}

export interface ListLatency {
  rows10k: { first: Percentiles };
  rows1m: { first: Percentiles; middle: Percentiles; last: Percentiles };
  middlePage: number;
  lastPage: number;
}

/**
 * Fund-flow list latency over HTTP against the running portal: the first page at 10,000 ledger lines,
 * then the first, middle and last page at 1,000,000 (half of them the demo enterprise's).
 */
/** The first 10,000 ledger lines (5,000 in the demo enterprise's list): what the API comparison lists. */
export async function fillFirst10k(databaseUrl: string, enterpriseId: number): Promise<void> {
  const database = openPostgres(databaseUrl, 2);
  try {
    await fill(database, enterpriseId, 10_000, 0);
  } finally {
    await database.close();
  }
}

export async function measureListLatency(opts: {
  origin: string;
  databaseUrl: string;
  enterpriseId: number;
  cookie: string;
  filled10k?: boolean;
  step(s: string): void;
}): Promise<ListLatency> {
  const database = openPostgres(opts.databaseUrl, 2);
  try {
    if (!opts.filled10k) await fill(database, opts.enterpriseId, 10_000, 0);
    const first10k = await measurePage(opts.origin, opts.cookie, 1, true);
    opts.step('filling the ledger to 1,000,000 lines');
    await fill(database, opts.enterpriseId, 990_000, 5_000);
    const first = await measurePage(opts.origin, opts.cookie, 1, true);
    const lastPage = Math.ceil(first.totalCount / SIZE);
    const middlePage = Math.ceil(lastPage / 2);
    const middle = await measurePage(opts.origin, opts.cookie, middlePage, true);
    const last = await measurePage(opts.origin, opts.cookie, lastPage, true);
    const report = await checkLedger(database.db);
    if (report.problems.length) throw new Error(`ledger not proven after the bench fill: ${report.problems.join('; ')}`);
    return { rows10k: { first: first10k }, rows1m: { first, middle, last }, middlePage, lastPage };
  } finally {
    await database.close();
  }
}
