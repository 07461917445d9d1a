import { ACCOUNT_CHANGE_STATUSES, AUTHENTICATION_STATUSES } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';
import { uploads } from './uploads.ts';

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
