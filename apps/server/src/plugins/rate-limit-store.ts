import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
/** What the plugin passes to `child`: the route's merged options (routeInfo, groupId …). */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
};

type Row = { hits: number; ttl_ms: number };
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

/** How often (at most) a node sweeps expired counters away. */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * @fastify/rate-limit's store in PostgreSQL (issue 11): every app node counts in the same row, so N
 * nodes behind a load balancer allow the configured attempts once, not N times. One statement per
 * request — an upsert that starts a new window when the old one has passed — so concurrent hits
 * from several nodes are counted exactly (the row lock serialises them).
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    db.execute(sql`delete from rate_limit_counters where reset_at < now() - interval '1 minute'`).catch(() => undefined);
  };

  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    /** The plugin constructs the root store with its options; children get their key prefix. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rl:';
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      const k = this.prefix + key;
      db.execute(
        sql`insert into rate_limit_counters as c (key, hits, reset_at) values (${k}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
              reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
            returning hits, greatest(0, (extract(epoch from (reset_at - now())) * 1000))::int as ttl_ms`,
      ).then(
        (r) => {
          const [row] = rowsOf(r);
          cb(null, { current: Number(row.hits), ttl: Number(row.ttl_ms) });
          sweep();
        },
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback) {
      db.execute(
        sql`select hits, greatest(0, (extract(epoch from (reset_at - now())) * 1000))::int as ttl_ms from rate_limit_counters where key = ${this.prefix + key} and reset_at > now()`,
      ).then(
        (r) => {
          const [row] = rowsOf(r);
          cb(null, row ? { current: Number(row.hits), ttl: Number(row.ttl_ms) } : { current: 0, ttl: 0 });
        },
        (err: Error) => cb(err),
      );
    }

    /** A route's own counters: the same key space as the Redis store (group, or method + url). */
    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      const route =
        routeOptions.groupId ?? `${[routeOptions.routeInfo?.method ?? ''].flat().join(',')}${routeOptions.routeInfo?.url ?? ''}`;
      return new DatabaseStore(`${this.prefix}${route}-`);
    }
  }
  return DatabaseStore;
}
