import { USER_STATUSES } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

export const enterprises = pgTable('enterprises', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  uscc: text('uscc'),
  certified: boolean('certified').notNull().default(false),
  certifiedAt: timestamp('certified_at', { withTimezone: true }),
  createdAt: timestampNow('created_at'),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    loginName: text('login_name').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    /** Null for operators: they belong to the factor, not to an enterprise. */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    authority: text('authority', { enum: ['merchant', 'operator'] }).notNull(),
    ckFlag: text('ck_flag', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    purchaseSalesEnabled: boolean('purchase_sales_enabled').notNull().default(false),
    status: text('status', { enum: statesOf(USER_STATUSES) })
      .notNull()
      .default('ACTIVE'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** A user of the demo world (published password): a production node refuses its logins and sessions. */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('users_login_name_lower').on(sql`lower(${t.loginName})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    index('users_enterprise').on(t.enterpriseId),
  ],
);
