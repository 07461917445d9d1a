import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { timestampNow } from './timestamps.ts';

/**
 * Single-use links mailed to a user (activation 24 h, password reset 30 min). The mail holds a
 * random token; the table keeps only its SHA-256, so a leaked table opens no account.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['ACTIVATE', 'RESET'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestampNow('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_user_purpose').on(t.userId, t.purpose)],
);

/**
 * Proof-of-work challenges for registration: the browser must find a counter so that
 * sha256(nonce + counter) starts with `difficulty` zero bits. Each challenge is consumed once.
 */
export const regChallenges = pgTable('reg_challenges', {
  nonce: text('nonce').primaryKey(),
  difficulty: integer('difficulty').notNull(),
  createdAt: timestampNow('created_at'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

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

/** Questions and answers of `/trade/faq`, grouped, edited by operators. */
export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    groupName: text('group_name').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Shown on the portal's product page among the highlights. */
    highlight: boolean('highlight').notNull().default(false),
    published: boolean('published').notNull().default(true),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [
    index('faqs_group_order')
      .on(t.groupName, t.sortOrder)
      .where(sql`${t.published}`),
  ],
);
