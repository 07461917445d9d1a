import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
