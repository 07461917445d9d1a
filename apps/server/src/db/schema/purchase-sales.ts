import { orderLifecycle } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';
import { uploads } from './uploads.ts';

/** An enterprise's goods catalogue: lines pick goods from here or type them in. */
export const psGoods = pgTable(
  'ps_goods',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    name: text('name').notNull(),
    spec: text('spec').notNull().default(''),
    unit: text('unit').notNull(),
    taxRatePpm: integer('tax_rate_ppm').notNull(),
    /** Reference unit price excluding tax, in cents. */
    unitPrice: bigint('unit_price', { mode: 'number' }),
    createdAt: timestampNow('created_at'),
  },
  (t) => [uniqueIndex('ps_goods_name_spec').on(t.enterpriseId, t.name, t.spec)],
);

/**
 * A purchase/sales order (issue 16). One row per order, seen from both sides: the buyer sees a
 * purchase order, the seller a sales order. The side that is not an enterprise on the portal has a
 * null enterprise id and is described by `counterpartyName` and its bank account. Amounts are
 * cents; `paidAmount` is what has been paid/collected so far.
 */
export const psOrders = pgTable(
  'ps_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    /** The creator's view: PURCHASE (the owner buys) or SALES (the owner sells). */
    kind: text('kind', { enum: ['PURCHASE', 'SALES'] }).notNull(),
    ownerEnterpriseId: integer('owner_enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    buyerEnterpriseId: integer('buyer_enterprise_id').references(() => enterprises.id),
    sellerEnterpriseId: integer('seller_enterprise_id').references(() => enterprises.id),
    /** The other side as the owner named it. */
    counterpartyName: text('counterparty_name').notNull(),
    counterpartyBankName: text('counterparty_bank_name'),
    counterpartyAccountNo: text('counterparty_account_no'),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    remark: text('remark'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    tax: bigint('tax', { mode: 'number' }).notNull(),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: statesOf(orderLifecycle) })
      .notNull()
      .default('DRAFT'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [
    uniqueIndex('ps_orders_no').on(t.orderNo),
    index('ps_orders_buyer').on(t.buyerEnterpriseId, t.id),
    index('ps_orders_seller').on(t.sellerEnterpriseId, t.id),
    check(
      'ps_orders_amounts',
      sql`${t.amount} > 0 and ${t.tax} >= 0 and ${t.totalAmount} = ${t.amount} + ${t.tax} and ${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.totalAmount}`,
    ),
    check('ps_orders_sides', sql`${t.ownerEnterpriseId} = ${t.buyerEnterpriseId} or ${t.ownerEnterpriseId} = ${t.sellerEnterpriseId}`),
  ],
);

export const psOrderLines = pgTable(
  'ps_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => psOrders.id),
    seq: integer('seq').notNull(),
    goodsId: integer('goods_id').references(() => psGoods.id),
    goodsName: text('goods_name').notNull(),
    spec: text('spec'),
    unit: text('unit').notNull(),
    quantity: numeric('quantity', { precision: 15, scale: 3 }).notNull(),
    /** Delivered / received so far. */
    fulfilled: numeric('fulfilled', { precision: 15, scale: 3 }).notNull().default('0'),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    taxRatePpm: integer('tax_rate_ppm').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    tax: bigint('tax', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('ps_order_lines_seq').on(t.orderId, t.seq),
    check('ps_order_lines_quantities', sql`${t.quantity} > 0 and ${t.fulfilled} >= 0 and ${t.fulfilled} <= ${t.quantity}`),
    check('ps_order_lines_amounts', sql`${t.unitPrice} > 0 and ${t.total} = ${t.amount} + ${t.tax}`),
  ],
);

/** The order's history as both sides see it in the detail drawer. */
export const psOrderEvents = pgTable(
  'ps_order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => psOrders.id),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    actorId: integer('actor_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('ps_order_events_order').on(t.orderId, t.id)],
);

/** A payment of an order (buyer's targeted payment) or a collection (seller's record, factor's receipt). */
export const psOrderPayments = pgTable(
  'ps_order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => psOrders.id),
    direction: text('direction', { enum: ['PAYMENT', 'COLLECTION'] }).notNull(),
    method: text('method', { enum: ['TARGETED', 'OFFLINE', 'FACTOR_COLLECTION'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fromControlled: bigint('from_controlled', { mode: 'number' }).notNull().default(0),
    fromFree: bigint('from_free', { mode: 'number' }).notNull().default(0),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    /** Of a collection: the part that repaid the order loan first. */
    loanRepaid: bigint('loan_repaid', { mode: 'number' }).notNull().default(0),
    payeeId: integer('payee_id'),
    payeeName: text('payee_name'),
    payeeAccountNo: text('payee_account_no'),
    refNos: jsonb('ref_nos').$type<string[]>().notNull().default([]),
    note: text('note'),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    index('ps_order_payments_order').on(t.orderId, t.id),
    check(
      'ps_order_payments_amounts',
      sql`${t.amount} > 0 and ${t.fromControlled} >= 0 and ${t.fromFree} >= 0 and ${t.fee} >= 0 and ${t.loanRepaid} >= 0`,
    ),
  ],
);

export const psOrderAttachments = pgTable(
  'ps_order_attachments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => psOrders.id),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [uniqueIndex('ps_order_attachments_upload').on(t.orderId, t.uploadId)],
);

/** Every operator change of a user's purchase/sales feature switch (who, when, why, before → after). */
export const psFeatureLog = pgTable(
  'ps_feature_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    before: boolean('before').notNull(),
    enabled: boolean('enabled').notNull(),
    reason: text('reason').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    operatorName: text('operator_name').notNull(),
    ip: text('ip'),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('ps_feature_log_user').on(t.userId, t.id)],
);
