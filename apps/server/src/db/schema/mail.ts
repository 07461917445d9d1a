// The mail kept locally (the outbox).
import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestampNow } from './timestamps.ts';

/** Mail kept locally: every mail when no SMTP server is configured, and any mail SMTP refused. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** LOCAL: kept here by design (no SMTP); FAILED: SMTP refused it, `error` says why. */
    status: text('status', { enum: ['LOCAL', 'FAILED'] }).notNull(),
    error: text('error'),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('outbox_created').on(t.createdAt)],
);
