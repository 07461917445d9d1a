import { type ReleaseOrderReceiver, goodsLifecycle, receiptLifecycle, releaseOrderLifecycle, stockTakeLifecycle } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { enterprises, users } from './identity.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';

/**
 * Supervised warehouses (issue 13). Goods lie in a warehouse run by a warehouse company (an
 * enterprise whose users have ckFlag = 'Y'); stock belongs to a depositor enterprise. Quantities are
 * `numeric(18,3)` read and written as decimal text, never floats.
 */
const quantity = (name: string) => numeric(name, { precision: 18, scale: 3 });

/** Readable numbers of operations, receipts, stock-takes and release orders (RK20261123000042). */
export const warehouseNumberSeq = pgSequence('warehouse_number_seq', { startWith: 1 });

/** The goods catalogue (/warehouse/maintainName). A goods item in use is disabled, never deleted. */
export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    specification: text('specification'),
    unit: text('unit').notNull(),
    /** Decimals of the unit: 3 for tonnes, 0 for pieces. */
    scale: integer('scale').notNull(),
    category: text('category').notNull(),
    /** Optional standard weight of one unit (e.g. tonnes per piece). */
    standardWeight: quantity('standard_weight'),
    status: text('status', { enum: statesOf(goodsLifecycle) })
      .notNull()
      .default('ACTIVE'),
    createdBy: integer('created_by').references(() => users.id),
    /** The warehouse company that keeps the item: only it changes or disables it (issue 21). */
    ownerId: integer('owner_id').references(() => enterprises.id),
    /** An item in use is never renamed in place: a change makes version + 1, pointing back at this one. */
    version: integer('version').notNull().default(1),
    previousId: integer('previous_id'),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('goods_owner_name_spec')
      .on(t.ownerId, sql`lower(${t.name})`, sql`coalesce(lower(${t.specification}), '')`)
      .where(sql`${t.status} = 'ACTIVE'`),
    check('goods_scale_range', sql`${t.scale} between 0 and 3`),
  ],
);

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    region: text('region').notNull(),
    /** The warehouse company running it. */
    companyId: integer('company_id')
      .notNull()
      .references(() => enterprises.id),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    acceptedCategories: text('accepted_categories').notNull(),
    storageGuide: text('storage_guide'),
    /** Supervised by the factor: only such warehouses hold goods that can be financed. */
    supervised: boolean('supervised').notNull().default(true),
    createdAt: timestampNow('created_at'),
  },
  (t) => [uniqueIndex('warehouses_name').on(t.name), index('warehouses_company').on(t.companyId)],
);

export const warehouseLocations = pgTable(
  'warehouse_locations',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    code: text('code').notNull(),
    name: text('name'),
  },
  (t) => [uniqueIndex('warehouse_locations_code').on(t.warehouseId, t.code)],
);

/**
 * The cached stock position per (warehouse, location, depositor, goods, batch): the sum of its
 * movements' bucket deltas, updated in the same transaction as each movement under a row lock.
 * `npm run stock:check` proves every row equals its ledger sum.
 */
export const stockPositions = pgTable(
  'stock_positions',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => warehouseLocations.id),
    depositorId: integer('depositor_id')
      .notNull()
      .references(() => enterprises.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    batchNo: text('batch_no').notNull().default(''),
    available: quantity('available').notNull().default('0'),
    pledged: quantity('pledged').notNull().default('0'),
    frozen: quantity('frozen').notNull().default('0'),
    movementCount: integer('movement_count').notNull().default(0),
    /**
     * The business date of the position's last recorded movement (null before its first), written by
     * postMovements with each movement (issue 38): the inventory orders by it instead of probing the
     * ledger once per position. `npm run stock:check` proves it against the ledger.
     */
    lastMovedOn: date('last_moved_on'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [
    uniqueIndex('stock_positions_key').on(t.warehouseId, t.locationId, t.depositorId, t.goodsId, t.batchNo),
    // The inventory's order (latest business date first, then the newest position), read from the index;
    // `id desc` is PostgreSQL's NULLS FIRST, spelled out so the index matches the list's order exactly.
    index('stock_positions_business_order').on(t.lastMovedOn.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('stock_positions_depositor').on(t.depositorId, t.warehouseId, t.goodsId),
    index('stock_positions_goods').on(t.goodsId),
    check('stock_positions_not_negative', sql`${t.available} >= 0 and ${t.pledged} >= 0 and ${t.frozen} >= 0`),
  ],
);

/**
 * The quantity ledger: one immutable row per movement of a position (the migration adds a trigger
 * refusing updates and deletes). Each row carries its bucket deltas; a move or an endorsement is two
 * rows sharing an operation number. Warehouse, depositor and goods are copied from the position so
 * the scoped lists filter on indexed columns.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operationNo: text('operation_no').notNull(),
    positionId: integer('position_id')
      .notNull()
      .references(() => stockPositions.id),
    warehouseId: integer('warehouse_id').notNull(),
    depositorId: integer('depositor_id').notNull(),
    goodsId: integer('goods_id').notNull(),
    kind: text('kind').notNull(),
    quantity: quantity('quantity').notNull(),
    dAvailable: quantity('d_available').notNull(),
    dPledged: quantity('d_pledged').notNull(),
    dFrozen: quantity('d_frozen').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    documentNo: text('document_no'),
    /** The business record behind it: `RECEIPT:12`, `PLEDGE:7`, `STOCK_TAKE:3`, `RELEASE_ORDER:5` … */
    reference: text('reference'),
    attachments: jsonb('attachments').$type<number[]>().notNull().default([]),
    note: text('note'),
    actorId: integer('actor_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    index('stock_movements_position').on(t.positionId, t.id),
    // The movement list's order (business date, then newest recorded), alone and under each scope
    // column: its first page is the index's first entries at any ledger size (issue 38).
    index('stock_movements_business_order').on(t.occurredOn, t.id),
    index('stock_movements_warehouse').on(t.warehouseId, t.occurredOn, t.id),
    index('stock_movements_depositor').on(t.depositorId, t.occurredOn, t.id),
    index('stock_movements_operation').on(t.operationNo),
    check('stock_movements_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export type ReceiptStatusColumn = 'LIVE' | 'PLEDGED' | 'CANCEL_PENDING' | 'SPLIT' | 'MERGED' | 'CANCELLED';

/**
 * Electronic warehouse receipts (电子仓单). A live receipt's quantity lies frozen in its position
 * (pledged once the receipt is pledged). The content hash (SHA-256 of the receipt's canonical
 * content) is printed on it and checked by the verification page.
 */
export const warehouseReceipts = pgTable(
  'warehouse_receipts',
  {
    id: serial('id').primaryKey(),
    receiptNo: text('receipt_no').notNull(),
    status: text('status', { enum: statesOf(receiptLifecycle) })
      .notNull()
      .default('LIVE'),
    positionId: integer('position_id')
      .notNull()
      .references(() => stockPositions.id),
    /** The enterprise holding the receipt: always the position's depositor. */
    holderId: integer('holder_id')
      .notNull()
      .references(() => enterprises.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantity: quantity('quantity').notNull(),
    contentHash: text('content_hash').notNull(),
    /** What the receipt states, as hashed (issue 21): verification shows this, not today's catalogue. */
    content: text('content'),
    /** Increases with every endorsement (the content, and so the hash, changes). */
    version: integer('version').notNull().default(1),
    /** The receipts it was split from or merged out of. */
    parentIds: jsonb('parent_ids').$type<number[]>().notNull().default([]),
    /** The financing holding it while pledged (next issue). */
    pledgeReference: text('pledge_reference'),
    issuedBy: integer('issued_by').references(() => users.id),
    issuedAt: timestampNow('issued_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [
    uniqueIndex('warehouse_receipts_no').on(t.receiptNo),
    index('warehouse_receipts_holder').on(t.holderId, t.id),
    index('warehouse_receipts_warehouse').on(t.warehouseId, t.id),
    index('warehouse_receipts_position').on(t.positionId),
    check('warehouse_receipts_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A receipt's history: issue, split, merge, endorsement, pledge, cancellation. */
export const warehouseReceiptEvents = pgTable(
  'warehouse_receipt_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => warehouseReceipts.id),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    actorId: integer('actor_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('warehouse_receipt_events_receipt').on(t.receiptId, t.id)],
);

export type StockTakeLine = {
  positionId: number;
  book: string;
  counted: string;
  difference: string;
  available: string;
  touchesEncumbered: boolean;
};

/** A stock-take (盘点) of one location; its differences wait for an operator's approval. */
export const stockTakes = pgTable(
  'stock_takes',
  {
    id: serial('id').primaryKey(),
    takeNo: text('take_no').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => warehouseLocations.id),
    status: text('status', { enum: statesOf(stockTakeLifecycle) }).notNull(),
    countedOn: date('counted_on', { mode: 'string' }).notNull(),
    lines: jsonb('lines').$type<StockTakeLine[]>().notNull(),
    /** A shortfall larger than the available quantity: it touches pledged or receipt goods. */
    alert: boolean('alert').notNull().default(false),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestampNow('created_at'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('stock_takes_no').on(t.takeNo), index('stock_takes_warehouse').on(t.warehouseId, t.id)],
);

/**
 * A release order (放货指令): the financing side authorises a stock-out of released goods; stock-outs
 * referencing it consume it until its quantity is used up.
 */
export const releaseOrders = pgTable(
  'release_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    positionId: integer('position_id')
      .notNull()
      .references(() => stockPositions.id),
    quantity: quantity('quantity').notNull(),
    consumed: quantity('consumed').notNull().default('0'),
    status: text('status', { enum: statesOf(releaseOrderLifecycle) })
      .notNull()
      .default('OPEN'),
    reference: text('reference').notNull(),
    pickupPerson: text('pickup_person'),
    /** Who takes delivery, as named when the order was made (a signer's ID card masked): shown to the warehouse at stock-out. */
    receiver: jsonb('receiver').$type<ReleaseOrderReceiver>(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('release_orders_no').on(t.orderNo),
    index('release_orders_position').on(t.positionId),
    check('release_orders_consumed_range', sql`${t.consumed} >= 0 and ${t.consumed} <= ${t.quantity}`),
  ],
);
