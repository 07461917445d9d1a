import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises } from './identity.ts';
import { timestampNow } from './timestamps.ts';

export const CERTIFICATE_HOLDERS = ['ENTERPRISE', 'FACTOR'] as const;

/**
 * Signing certificates (issue 26): one per certified enterprise (issued when its real-name
 * authentication is approved) and one for the factor, each issued by the deployment's signing
 * authority (modules/signing/authority.ts). The private key is kept encrypted (PKCS#8, AES-256,
 * with SIGNING_KEY_SECRET); the certificate as PEM. A holder's current certificate is its latest
 * unexpired one; a new one is issued when it expires.
 */
export const signingCertificates = pgTable(
  'signing_certificates',
  {
    id: serial('id').primaryKey(),
    holder: text('holder', { enum: CERTIFICATE_HOLDERS }).notNull(),
    /** The enterprise it was issued to; null for the factor's own. */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    subjectName: text('subject_name').notNull(),
    uscc: text('uscc').notNull(),
    /** The authorised person named in the certificate (the enterprise's legal representative). */
    personName: text('person_name'),
    /** The certificate's serial number, hex. */
    serial: text('serial').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    encryptedKeyPem: text('encrypted_key_pem').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    issuedAt: timestampNow('issued_at'),
  },
  (t) => [
    uniqueIndex('signing_certificates_serial').on(t.serial),
    index('signing_certificates_enterprise').on(t.enterpriseId, t.notAfter),
    check(
      'signing_certificates_holder',
      sql`(${t.holder} = 'ENTERPRISE' and ${t.enterpriseId} is not null) or (${t.holder} = 'FACTOR' and ${t.enterpriseId} is null)`,
    ),
  ],
);
