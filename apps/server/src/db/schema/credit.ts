// The credit area's table: each enterprise's credit line on a platform.
import { CREDIT_LINE_STATUSES } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { platforms } from './loan.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

/**
 * An enterprise's credit line on a platform. `reserved` is credit held by submitted applications
 * that are not yet disbursed; `used` is disbursed principal not yet repaid. Available is
 * limit − used − reserved, never below zero; every booking locks the row `FOR UPDATE`.
 */
export const creditLines = pgTable(
  'credit_lines',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    limit: bigint('credit_limit', { mode: 'number' }).notNull(),
    used: bigint('used', { mode: 'number' }).notNull().default(0),
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: statesOf(CREDIT_LINE_STATUSES) })
      .notNull()
      .default('ACTIVE'),
    grantedBy: integer('granted_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [
    uniqueIndex('credit_lines_enterprise_platform').on(t.enterpriseId, t.platformId),
    index('credit_lines_expiry').on(t.enterpriseId, t.expiryDate),
    check('credit_lines_amounts', sql`${t.limit} >= 0 and ${t.used} >= 0 and ${t.reserved} >= 0`),
  ],
);
