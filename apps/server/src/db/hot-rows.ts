import type { PGlite } from '@electric-sql/pglite';
import { Placeholder } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';

/** A query drizzle has built (a select builder): its SQL text and parameters, placeholders included. */
interface Built {
  toSQL(): { sql: string; params: unknown[] };
}

export type HotRow = readonly unknown[];

const asText = (value: string) => value;
const textParsers = new Map<number, (value: string) => unknown>([
  [1114, asText],
  [1184, asText],
]);
/** pg: timestamps stay PostgreSQL's text (as drizzle reads them); every other type keeps pg's parser, looked up once per type. */
const PG_TYPES = {
  getTypeParser(oid: number) {
    let parse = textParsers.get(oid);
    if (!parse) textParsers.set(oid, (parse = pg.types.getTypeParser(oid, 'text') as (value: string) => unknown));
    return parse;
  },
};
const PGLITE_OPTIONS = { rowMode: 'array' as const, parsers: { 1114: asText, 1184: asText } };

type Run = (name: string | undefined, text: string, values: unknown[]) => Promise<HotRow[]>;
const runners = new WeakMap<Db, Run>();

/**
 * The driver underneath drizzle, for reads on every request's path (issue 11, the lean request
 * path): the session lookup and the fund-flow list. Profiled under load, drizzle's per-call work —
 * building the SQL, its spans, and mapping each row column by column through `is()` checks — cost
 * more than the rest of the handler; here the SQL is still built by drizzle from the schema, once,
 * and rows come back as arrays in the select's column order, timestamps as PostgreSQL's text
 * (`timestampMs` reads them), on PostgreSQL and PGlite alike.
 */
function runnerOf(db: Db): Run {
  let run = runners.get(db);
  if (!run) {
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    if (client instanceof pg.Pool) {
      run = async (name, text, values) =>
        (await client.query<unknown[]>({ name, text, values, rowMode: 'array', types: PG_TYPES } as pg.QueryArrayConfig)).rows;
    } else {
      run = async (_name, text, values) => (await client.query<unknown[]>(text, values, PGLITE_OPTIONS)).rows;
    }
    runners.set(db, run);
  }
  return run;
}

/** The parameter list of a built query, its placeholders filled from `values`. */
function fillerOf(params: unknown[]): (values: Record<string, unknown>) => unknown[] {
  return (values) => params.map((p) => (p instanceof Placeholder ? values[p.name] : p));
}

/**
 * A named prepared statement from a drizzle select with `sql.placeholder(...)`s: built once, then
 * each call only binds its values (PostgreSQL parses it once per connection).
 */
export function preparedRows<V extends Record<string, unknown>>(db: Db, name: string, query: Built): (values: V) => Promise<HotRow[]> {
  const { sql: text, params } = query.toSQL();
  const fill = fillerOf(params);
  const run = runnerOf(db);
  return (values) => run(name, text, fill(values));
}

/** A drizzle select built for this call (e.g. with the caller's filters), read as `preparedRows` reads. */
export function hotRows(db: Db, query: Built): Promise<HotRow[]> {
  const { sql: text, params } = query.toSQL();
  return runnerOf(db)(undefined, text, fillerOf(params)({}));
}

/** The column positions of a select's fields object (drizzle keeps the object's key order). */
export function columnsOf<F extends Record<string, unknown>>(fields: F): { readonly [K in keyof F]: number } {
  return Object.fromEntries(Object.keys(fields).map((k, i) => [k, i])) as { [K in keyof F]: number };
}

/** Milliseconds since the epoch of a timestamp read as PostgreSQL's text ('2026-11-23 08:07:53.047+00'). */
export const timestampMs = (value: unknown): number => Date.parse(value as string);

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()` for years 0–9999, by integer arithmetic (days to civil date after
 * H. Hinnant): a third of the time, and no Date per value — a list answer formats one per row.
 */
export function isoOfMs(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  let rest = ms - days * 86_400_000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const yyyy = year < 1000 ? `${year}`.padStart(4, '0') : `${year}`;
  return `${yyyy}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(rest - seconds * 1000)}Z`;
}

/** What a listener is told: each notification's payload, and when it starts and stops hearing them. */
export interface ListenHandlers {
  message(payload: string): void;
  /** Listening: from now on every notification on the channel arrives. */
  up(): void;
  /** Not listening (connection lost, closed): notifications may be missed until the next `up`. */
  down(): void;
}

/** How long a lost listening connection waits before it connects again. */
const LISTEN_RETRY_MS = 1000;

/**
 * LISTEN on a channel of the database (issue 38: the per-node session cache's invalidation). PostgreSQL:
 * a connection of its own beside the pool (a listening connection is held for the node's life; taking
 * one of the pool's would leave the requests one fewer), with its own error listener, connected again
 * after a loss (`down`, then `up` once listening again). PGlite: its own listen, in the process.
 */
export function listenOn(db: Db, channel: string, h: ListenHandlers): { close(): Promise<void> } {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  let closed = false;
  if (!(client instanceof pg.Pool)) {
    const unlisten = client
      .listen(channel, (payload) => h.message(payload))
      .then(
        (stop) => {
          if (!closed) h.up();
          return stop;
        },
        () => undefined,
      );
    return {
      async close() {
        closed = true;
        h.down();
        const stop = await unlisten;
        await stop?.().catch(() => undefined);
      },
    };
  }
  const pool = client;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ ...pool.options, keepAlive: true });
    current = c;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      h.down();
      c.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
    };
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', (n) => {
      if (n.channel === channel) h.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      if (!closed && !lost) h.up();
    } catch {
      onLost();
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      h.down();
      await current?.end().catch(() => undefined);
    },
  };
}
