import { integer, pgTable, text } from 'drizzle-orm/pg-core';

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
