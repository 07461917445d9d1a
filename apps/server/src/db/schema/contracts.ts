import { contractLifecycle } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

/** The contract machine's states (EXPIRED is also derived when reading: see `shownStatus`), re-exported for existing imports. */
export { CONTRACT_STATUSES, type ContractStatus } from '@factoring/domain';

/**
 * Contracts (PRODUCT §10): generated as a Chinese PDF from a template per type with the business
 * data, stored under DATA_DIR/contracts with a generated name, and signed by a user of the enterprise
 * with password confirmation. `file_sha256` is the hash of the PDF as generated; `signed_sha256` the
 * hash of the file re-read from disk at the moment of signing (equal, or the signing is refused).
 * Signing writes a second file, the signed version (`signed_stored_name`, with its own size and
 * `signed_file_sha256`); the original stays as it was.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    /** HT + yyyyMMdd (Asia/Shanghai) + a four-digit daily sequence, e.g. HT202605180001. */
    contractNo: text('contract_no').notNull(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    /**
     * The contract's kind (issue 35): a code one area registered with its template (contracts/contract-kinds.ts).
     * What the document states of its kind is kept with it, as drawn up: its label, and whether the factor
     * countersigns — so a contract reads the same whatever kinds are registered later.
     */
    type: text('type').notNull(),
    typeLabel: text('type_label').notNull(),
    factorCountersigns: boolean('factor_countersigns').notNull(),
    title: text('title').notNull(),
    /** The business record the contract belongs to, e.g. ('FINANCING', '42'). */
    relatedType: text('related_type').notNull(),
    relatedId: text('related_id').notNull(),
    /** The business record's own number as shown to users (e.g. the financing number), when it has one. */
    relatedNo: text('related_no'),
    /** The record in words with its number, as the document states it, e.g. 质押融资 ZY2026…. */
    relatedLabel: text('related_label').notNull(),
    counterparty: text('counterparty').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: statesOf(contractLifecycle) })
      .notNull()
      .default('TO_SIGN'),
    /** The business data the template was filled with. */
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    createdAt: timestampNow('created_at'),
    /** Set by the business at generation, or the signing day when none was given. */
    effectiveDate: date('effective_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    /** The name offered on download, e.g. HT202605180001-保理协议.pdf. */
    fileName: text('file_name').notNull(),
    /** Path relative to DATA_DIR/contracts. */
    storedName: text('stored_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileSha256: text('file_sha256').notNull(),
    signedBy: integer('signed_by').references(() => users.id),
    signedByName: text('signed_by_name'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signerIp: text('signer_ip'),
    signedSha256: text('signed_sha256'),
    /**
     * The signed version: the original's pages with the enterprise's seal and the signature in the
     * signature block, and an electronic signature page (signer, time, IP, `signed_sha256`) appended.
     * Null before signing, and for contracts signed before signed versions were written.
     */
    signedStoredName: text('signed_stored_name'),
    signedFileSize: bigint('signed_file_size', { mode: 'number' }),
    signedFileSha256: text('signed_file_sha256'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /**
     * The factor's countersignature (issue 37): appended to the signed version when an operator approves
     * the decision that follows the enterprise's signature (contracts/countersign.ts) — who and when.
     * Null while the contract waits for it, and for contracts the factor does not countersign.
     */
    countersignedBy: integer('countersigned_by').references(() => users.id),
    countersignedByName: text('countersigned_by_name'),
    countersignedAt: timestamp('countersigned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('contracts_contract_no').on(t.contractNo),
    uniqueIndex('contracts_stored_name').on(t.storedName),
    uniqueIndex('contracts_signed_stored_name').on(t.signedStoredName),
    index('contracts_enterprise').on(t.enterpriseId, t.id),
    index('contracts_related').on(t.relatedType, t.relatedId),
    check('contracts_amount_not_negative', sql`${t.amount} >= 0`),
    check(
      'contracts_signed_complete',
      sql`${t.status} <> 'SIGNED' or (${t.signedBy} is not null and ${t.signedAt} is not null and ${t.signedSha256} is not null)`,
    ),
    check(
      'contracts_signed_version_complete',
      sql`(${t.signedStoredName} is null) = (${t.signedFileSha256} is null) and (${t.signedStoredName} is null) = (${t.signedFileSize} is null) and (${t.signedStoredName} is null or ${t.signedSha256} is not null)`,
    ),
  ],
);

/** The last sequence number handed out per day, so contract numbers are unique under concurrency. */
export const contractNumberCounters = pgTable('contract_number_counters', {
  day: text('day').primaryKey(),
  lastSeq: integer('last_seq').notNull(),
});
