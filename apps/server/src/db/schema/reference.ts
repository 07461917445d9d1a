// Reference data: banks and their branches.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
