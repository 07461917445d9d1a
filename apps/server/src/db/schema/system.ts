// The site's configuration (the system area).
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Site configuration (SPEC §3), one JSON value per key. */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
