// The request path's rate-limit counters (plugins/), shared by every node on PostgreSQL.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Rate-limit counters shared by every app node on PostgreSQL: key → hits in the current window. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset').on(t.resetAt)],
);
