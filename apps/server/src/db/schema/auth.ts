// The auth area's tables: server-side sessions and the login page's RSA keys.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { timestampNow } from './timestamps.ts';

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestampNow('created_at'),
    lastSeenAt: timestampNow('last_seen_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ['LOGOUT', 'REPLACED', 'PASSWORD_CHANGED', 'EXPIRED', 'REVOKED'] }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_active')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** One RSA key pair shared by every app node, used to encrypt passwords in the browser. */
export const rsaKeys = pgTable('rsa_keys', {
  id: integer('id').primaryKey(),
  publicKeyPem: text('public_key_pem').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  modulusHex: text('modulus_hex').notNull(),
  exponentHex: text('exponent_hex').notNull(),
  createdAt: timestampNow('created_at'),
});
