import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';
import { setTime } from '../../lib/clock.ts';

/**
 * A `timestamptz not null default now()` column whose inserted value follows the server's clock
 * (lib/clock.ts): the database's default on the real clock, the set time inside `atTime` — so the
 * rows the demo seed writes while it builds its history carry the dates they happened on.
 */
export const timestampNow = (name: string) =>
  timestamp(name, { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => setTime() ?? sql`default`);
