import { MARGIN_CALL_STATUSES, PLEDGE_STATUSES } from '@factoring/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { creditLines } from './credit.ts';
import { users } from './identity.ts';
import { factorLoanColumns, platforms } from './loan.ts';
import { statesOf } from './states.ts';
import { timestampNow } from './timestamps.ts';
import { goods, stockPositions, warehouseReceipts, warehouses } from './warehouse.ts';

/**
 * Goods-pledge financing (issue 14, PRODUCT §8). Money in integer cents, rates in ppm, quantities
 * `numeric(18,3)` as decimal text. The valuation rules are the domain's (packages/domain/src/pledge.ts).
 */
const quantity = (name: string) => numeric(name, { precision: 18, scale: 3 });

/** What a PLEDGE platform accepts: one row per goods item, with its lines (pledge rate < warning < liquidation). */
export const pledgeTerms = pgTable(
  'pledge_terms',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    pledgeRatePpm: integer('pledge_rate_ppm').notNull(),
    warningLinePpm: integer('warning_line_ppm').notNull(),
    liquidationLinePpm: integer('liquidation_line_ppm').notNull(),
    marginRatePpm: integer('margin_rate_ppm').notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('pledge_terms_platform_goods').on(t.platformId, t.goodsId),
    check(
      'pledge_terms_lines',
      sql`${t.pledgeRatePpm} > 0 and ${t.pledgeRatePpm} < ${t.warningLinePpm} and ${t.warningLinePpm} < ${t.liquidationLinePpm} and ${t.liquidationLinePpm} <= 1000000 and ${t.marginRatePpm} between 0 and 1000000`,
    ),
  ],
);

/** The operators' price list with its whole history: the current price of a goods item is its latest row. Rows are never changed. */
export const goodsPrices = pgTable(
  'goods_prices',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    priceDate: date('price_date', { mode: 'string' }).notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id),
    recordedByName: text('recorded_by_name').notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [index('goods_prices_goods').on(t.goodsId, t.id), check('goods_prices_positive', sql`${t.unitPrice} > 0`)],
);

/** One pledge financing: one goods item in one warehouse, its pricing fixed at application. */
export const pledgeFinancings = pgTable(
  'pledge_financings',
  {
    ...factorLoanColumns({ platform: () => platforms.id, creditLine: () => creditLines.id }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    pledgeRatePpm: integer('pledge_rate_ppm').notNull(),
    warningLinePpm: integer('warning_line_ppm').notNull(),
    liquidationLinePpm: integer('liquidation_line_ppm').notNull(),
    marginRatePpm: integer('margin_rate_ppm').notNull(),
    /** The value at application: quantity × the price of that day. */
    valueAtApply: bigint('value_at_apply', { mode: 'number' }).notNull(),
    /** Margin due before approval, and what of it is held in the margin bucket. */
    margin: bigint('margin', { mode: 'number' }).notNull(),
    marginPaid: bigint('margin_paid', { mode: 'number' }).notNull().default(0),
    /** Margin topped up on margin calls (counts against the exposure). */
    topUpMargin: bigint('top_up_margin', { mode: 'number' }).notNull().default(0),
    /** Principal not yet repaid; interest (arrears) and penalty still owed. */
    outstanding: bigint('outstanding', { mode: 'number' }).notNull().default(0),
    interestOwed: bigint('interest_owed', { mode: 'number' }).notNull().default(0),
    /** Penalty owed up to `penaltyAccruedTo` (what the daily run last computed, from dates: see `penaltyBase`). */
    penaltyOwed: bigint('penalty_owed', { mode: 'number' }).notNull().default(0),
    penaltyAccruedTo: date('penalty_accrued_to', { mode: 'string' }),
    /**
     * The lending core's accrual (issue 22): penalty crystallised when the principal last changed, and
     * the day its clock restarted. Penalty to any day = base + one computation from `penaltyFrom`.
     */
    penaltyBase: bigint('penalty_base', { mode: 'number' }).notNull().default(0),
    penaltyFrom: date('penalty_from', { mode: 'string' }),
    startDate: date('start_date', { mode: 'string' }),
    status: text('status', { enum: statesOf(PLEDGE_STATUSES) }).notNull(),
    /** An unmet margin call past its deadline. */
    defaulted: boolean('defaulted').notNull().default(false),
    /** The last mark to market: unit price, value and LTV. */
    lastUnitPrice: bigint('last_unit_price', { mode: 'number' }).notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull(),
    lastLtvPpm: integer('last_ltv_ppm').notNull().default(0),
    pickupPerson: text('pickup_person'),
  },
  (t) => [
    uniqueIndex('pledge_financings_no').on(t.financingNo),
    index('pledge_financings_enterprise').on(t.enterpriseId, t.id),
    index('pledge_financings_goods_status').on(t.goodsId, t.status),
    check(
      'pledge_financings_money',
      sql`${t.amount} > 0 and ${t.reserved} >= 0 and ${t.margin} >= 0 and ${t.marginPaid} >= 0 and ${t.topUpMargin} >= 0 and ${t.outstanding} >= 0 and ${t.interestOwed} >= 0 and ${t.penaltyOwed} >= 0`,
    ),
  ],
);

/** The goods pledged to a financing: a quantity of a stock position, or a whole live receipt. */
export const pledgeItems = pgTable(
  'pledge_items',
  {
    id: serial('id').primaryKey(),
    financingId: integer('financing_id')
      .notNull()
      .references(() => pledgeFinancings.id),
    positionId: integer('position_id')
      .notNull()
      .references(() => stockPositions.id),
    receiptId: integer('receipt_id').references(() => warehouseReceipts.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    quantity: quantity('quantity').notNull(),
    releasedQuantity: quantity('released_quantity').notNull().default('0'),
  },
  (t) => [
    index('pledge_items_financing').on(t.financingId),
    check('pledge_items_quantities', sql`${t.quantity} > 0 and ${t.releasedQuantity} >= 0 and ${t.releasedQuantity} <= ${t.quantity}`),
  ],
);

/** A margin call (补缴保证金): at most one OPEN per financing, enforced by the database. */
export const pledgeMarginCalls = pgTable(
  'pledge_margin_calls',
  {
    id: serial('id').primaryKey(),
    financingId: integer('financing_id')
      .notNull()
      .references(() => pledgeFinancings.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    ltvPpm: integer('ltv_ppm').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    status: text('status', { enum: statesOf(MARGIN_CALL_STATUSES) })
      .notNull()
      .default('OPEN'),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    createdAt: timestampNow('created_at'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pledge_margin_calls_one_open')
      .on(t.financingId)
      .where(sql`${t.status} = 'OPEN'`),
    check('pledge_margin_calls_amount', sql`${t.amount} > 0 and ${t.paidAmount} >= 0`),
  ],
);
