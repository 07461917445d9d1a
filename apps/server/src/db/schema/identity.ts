import { sql } from 'drizzle-orm';
import { serial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { USER_STATUSES } from '@factoring/domain';
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
