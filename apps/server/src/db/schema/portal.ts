import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The menu tree of SPEC §2. `mpid` -1 hides an entry from the sider while still allowing its route;
 * `audience` and `gate` decide who receives it.
 */
export const menus = pgTable('menus', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  route: text('route'),
  bpid: integer('bpid'),
  mpid: integer('mpid'),
  icon: text('icon'),
  sortOrder: integer('sort_order').notNull().default(0),
  audience: text('audience', { enum: ['PUBLIC', 'ALL', 'MERCHANT', 'OPERATOR'] }).notNull(),
  // NONE, WAREHOUSE, PURCHASE_SALES, or a lending product's own gate (its `menuGates`, issue 35: e.g. CLOUD_LOAN).
  gate: text('gate').notNull().default('NONE'),
});

/** Site configuration (SPEC §3), one JSON value per key. */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Dictionaries for `/sys/dict/listData?type=`: statuses, types and labels. */
export const dictionaryEntries = pgTable(
  'dictionary_entries',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('dictionary_type_value').on(t.type, t.value)],
);
