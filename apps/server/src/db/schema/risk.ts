import { date, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { timestampNow } from './timestamps.ts';

/**
 * The risk desk's daily snapshot (issue 27): per business date, what the live views answered that day —
 * exposure, aging and the supervisory ratios, each the answer of the same function — recorded by the
 * close of business (`riskSnapshotStep`). The trends read the month-end ones.
 */
export const riskSnapshots = pgTable('risk_snapshots', {
  businessDate: date('business_date', { mode: 'string' }).primaryKey(),
  exposure: jsonb('exposure').notNull(),
  aging: jsonb('aging').notNull(),
  ratios: jsonb('ratios').notNull(),
  createdAt: timestampNow('created_at'),
});
