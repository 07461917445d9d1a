import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { ACCOUNT_CHANGE_STATUSES, AUTHENTICATION_STATUSES } from '@factoring/domain';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

/** Major Chinese banks by their three-digit CNAPS bank code (`/bank/queryBank`). */
export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Bank branches by union bank number (联行号, 12 digits: bank code, payment-system city code,
 * branch, check digit). `city_code` is the GB/T 2260 code of the branch's city as answered by
 * `/area/queryCity`, so the form's bank → province → city → branch chain filters on it.
 * Searched by `lower(name) like` within (bank, city); on PostgreSQL a pg_trgm GIN index on
 * `lower(name)` is added by the migration when the extension is available.
 */
export const bankBranches = pgTable(
  'bank_branches',
  {
    unionBankNo: text('union_bank_no').primaryKey(),
    bankCode: text('bank_code')
      .notNull()
      .references(() => banks.code),
    name: text('name').notNull(),
    cityCode: text('city_code').notNull(),
    provinceCode: text('province_code').notNull(),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [index('bank_branches_bank_city').on(t.bankCode, t.cityCode, t.name), index('bank_branches_city').on(t.cityCode)],
);

/**
 * Uploaded files (licences, ID cards, vouchers): stored under DATA_DIR/uploads with a generated
 * name; the type is sniffed from the content. Served only to the owner enterprise and operators.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    /** Null for a file an operator uploaded. */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    originalName: text('original_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type', { enum: ['image/jpeg', 'image/png', 'application/pdf'] }).notNull(),
    sha256: text('sha256').notNull(),
    /** Path relative to DATA_DIR/uploads. */
    storedName: text('stored_name').notNull().unique(),
    purpose: text('purpose'),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('uploads_enterprise').on(t.enterpriseId, t.id)],
);

export type AuthenticationStatusColumn = 'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED';

/**
 * Enterprise real-name authentication submissions (PRODUCT §4). Fields may be empty while a
 * submission is a draft; submitting validates them all. At most one draft or pending submission per
 * enterprise at a time.
 */
export const enterpriseAuthentications = pgTable(
  'enterprise_authentications',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    status: text('status', { enum: statesOf(AUTHENTICATION_STATUSES) }).notNull(),
    enterpriseName: text('enterprise_name'),
    uscc: text('uscc'),
    registeredAddress: text('registered_address'),
    legalName: text('legal_name'),
    legalIdCard: text('legal_id_card'),
    legalBirthDate: text('legal_birth_date'),
    legalGender: text('legal_gender', { enum: ['M', 'F'] }),
    contactName: text('contact_name'),
    contactMobile: text('contact_mobile'),
    contactEmail: text('contact_email'),
    licenceFileId: integer('licence_file_id').references(() => uploads.id),
    idFrontFileId: integer('id_front_file_id').references(() => uploads.id),
    idBackFileId: integer('id_back_file_id').references(() => uploads.id),
    accountName: text('account_name'),
    accountNo: text('account_no'),
    bankCode: text('bank_code'),
    bankName: text('bank_name'),
    provinceCode: text('province_code'),
    provinceName: text('province_name'),
    cityCode: text('city_code'),
    cityName: text('city_name'),
    unionBankNo: text('union_bank_no'),
    branchName: text('branch_name'),
    rejectReason: text('reject_reason'),
    createdBy: integer('created_by').references(() => users.id),
    submittedBy: integer('submitted_by').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [
    index('enterprise_authentications_enterprise').on(t.enterpriseId, t.id),
    uniqueIndex('enterprise_authentications_one_open')
      .on(t.enterpriseId)
      .where(sql`${t.status} in ('DRAFT', 'PENDING')`),
    index('enterprise_authentications_uscc').on(t.uscc),
  ],
);

/** The columns of a settlement account (contract type SettlementAccount), shared by the bound account and a change request. */
const settlementAccountColumns = () => ({
  accountName: text('account_name').notNull(),
  accountNo: text('account_no').notNull(),
  bankCode: text('bank_code').notNull(),
  bankName: text('bank_name').notNull(),
  provinceCode: text('province_code').notNull(),
  provinceName: text('province_name').notNull(),
  cityCode: text('city_code').notNull(),
  cityName: text('city_name').notNull(),
  unionBankNo: text('union_bank_no').notNull(),
  branchName: text('branch_name').notNull(),
});

/** The settlement bank account bound to an enterprise: set by its approved authentication, changed by a reviewed request. */
export const settlementAccounts = pgTable('settlement_accounts', {
  enterpriseId: integer('enterprise_id')
    .primaryKey()
    .references(() => enterprises.id),
  ...settlementAccountColumns(),
  source: text('source', { enum: ['AUTHENTICATION', 'ACCOUNT_CHANGE', 'SEED'] }).notNull(),
  sourceId: integer('source_id'),
  boundAt: timestampNow('bound_at'),
});

/** A request to change the bound settlement account (`/system/modifyAccountInfo`), reviewed like the authentication. */
export const accountChangeRequests = pgTable(
  'account_change_requests',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    status: text('status', { enum: statesOf(ACCOUNT_CHANGE_STATUSES) }).notNull(),
    ...settlementAccountColumns(),
    changeReason: text('change_reason').notNull(),
    proofFileId: integer('proof_file_id').references(() => uploads.id),
    rejectReason: text('reject_reason'),
    submittedBy: integer('submitted_by').references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    index('account_change_requests_enterprise').on(t.enterpriseId, t.id),
    uniqueIndex('account_change_requests_one_pending')
      .on(t.enterpriseId)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);
