import { DELIVERY_PARTY_STATUSES } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

/**
 * Who may take delivery of an enterprise's redeemed pledge goods (PRODUCT §8, issue 14). A release
 * order (放货单) names one of them; the warehouse hands the goods over to that person or customer.
 */

/** /pledge/signPersonGuide: a person the enterprise authorises to sign for released goods. */
export const pledgeSignPersons = pgTable(
  'pledge_sign_persons',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    name: text('name').notNull(),
    /** Validated by the domain's identity rules (SPEC §5), stored as 18 characters; lists show it masked. */
    idCard: text('id_card').notNull(),
    mobile: text('mobile').notNull(),
    status: text('status', { enum: statesOf(DELIVERY_PARTY_STATUSES) })
      .notNull()
      .default('ACTIVE'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    index('pledge_sign_persons_enterprise').on(t.enterpriseId, t.id),
    uniqueIndex('pledge_sign_persons_one_active')
      .on(t.enterpriseId, t.idCard)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
);

/** /pledge/supplyLoanKH: a downstream customer (客户) that may receive the enterprise's redeemed goods. */
export const pledgeCustomers = pgTable(
  'pledge_customers',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    name: text('name').notNull(),
    /** Unified social credit code, when the customer is identified by it. */
    uscc: text('uscc'),
    /** Otherwise (or as well) a contact person and mobile. */
    contactName: text('contact_name'),
    contactMobile: text('contact_mobile'),
    address: text('address').notNull(),
    status: text('status', { enum: statesOf(DELIVERY_PARTY_STATUSES) })
      .notNull()
      .default('ACTIVE'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    index('pledge_customers_enterprise').on(t.enterpriseId, t.id),
    uniqueIndex('pledge_customers_one_active')
      .on(t.enterpriseId, t.name)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
);
