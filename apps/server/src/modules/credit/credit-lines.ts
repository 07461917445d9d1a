import {
  addDays,
  chinaDate,
  compareIsoDates,
  creditLineLifecycle,
  daysBetween,
  formatYuan,
  PLATFORM_PRODUCT_LABELS,
  type IsoDate,
} from '@factoring/domain';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { creditLines } from '../../db/schema/index.ts';
import { platformDirectory } from '../financing/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import * as clock from '../../lib/clock.ts';

export type CreditLine = typeof creditLines.$inferSelect;
export type Product = (typeof platformDirectory.product)['_']['data'];

/** Credit lines expiring within this many days are returned by the expiry reminder (PRODUCT §6). */
export const WILL_EXPIRE_DAYS = 30;

/** The business date in China (Asia/Shanghai, UTC+8, no daylight saving): the day every rule counts in. */
export function todayChina(now: Date = clock.now()): IsoDate {
  return chinaDate(now);
}

/** limit − used − reserved, never below zero (a lowered limit can leave used + reserved above it). */
export function availableOf(line: Pick<CreditLine, 'limit' | 'used' | 'reserved'>): number {
  return Math.max(0, line.limit - line.used - line.reserved);
}

/** The status as of a date: an ACTIVE line past its expiry reads EXPIRED even before the daily job ran. */
export function effectiveStatus(line: Pick<CreditLine, 'status' | 'expiryDate'>, today: IsoDate): CreditLine['status'] {
  return line.status === 'ACTIVE' && compareIsoDates(line.expiryDate, today) < 0 ? 'EXPIRED' : line.status;
}

/** A credit line as a platform card shows it (supply and pledge alike): limit, use, what is left, dates, today's status. */
export function creditLineSummary(line: CreditLine, today: IsoDate) {
  return {
    id: line.id,
    limit: line.limit,
    used: line.used,
    reserved: line.reserved,
    available: availableOf(line),
    startDate: line.startDate,
    expiryDate: line.expiryDate,
    status: effectiveStatus(line, today),
  };
}

/**
 * Locks the enterprise's credit line `FOR UPDATE` — every booking (reserve, use, restore) goes through
 * this, so concurrent applications racing for the last credit serialise on the row. Another
 * enterprise's line answers 404.
 */
export async function lockCreditLine(tx: Tx, scope: EnterpriseScope, creditLineId: number): Promise<CreditLine> {
  const [line] = await tx
    .select()
    .from(creditLines)
    .where(and(eq(creditLines.id, creditLineId), ownedBy(scope, creditLines.enterpriseId)))
    .for('update');
  if (!line) throw new NotFoundError('授信不存在');
  return line;
}

/** Holds `amount` of the line's available credit for a submitted application. */
export async function reserveCredit(tx: Tx, line: CreditLine, amount: number, today: IsoDate): Promise<CreditLine> {
  const status = effectiveStatus(line, today);
  if (status === 'FROZEN') throw new BusinessError('该授信已冻结，暂不能申请融资');
  if (status === 'EXPIRED') throw new BusinessError('该授信已到期，暂不能申请融资');
  if (compareIsoDates(line.startDate, today) > 0) throw new BusinessError(`该授信自 ${line.startDate} 起生效，暂不能申请融资`);
  const available = availableOf(line);
  if (amount > available) throw new BusinessError(`融资金额超过可用授信额度（可用 ${formatYuan(available)} 元）`);
  const [updated] = await tx
    .update(creditLines)
    .set({ reserved: sql`${creditLines.reserved} + ${amount}`, updatedAt: clock.now() })
    .where(eq(creditLines.id, line.id))
    .returning();
  return updated;
}

/** Gives back credit held by an application that was rejected, cancelled or ended undrawn. */
export async function releaseReservation(tx: Tx, creditLineId: number, amount: number): Promise<void> {
  if (amount <= 0) return;
  await tx
    .update(creditLines)
    .set({ reserved: sql`greatest(${creditLines.reserved} - ${amount}, 0)`, updatedAt: clock.now() })
    .where(eq(creditLines.id, creditLineId));
}

/** Disbursement books the credit line as used: the held credit becomes used credit. */
export async function bookUse(tx: Tx, creditLineId: number, amount: number): Promise<void> {
  const [row] = await tx.select().from(creditLines).where(eq(creditLines.id, creditLineId)).for('update');
  if (!row) throw new NotFoundError('授信不存在');
  if (row.reserved < amount) throw new Error(`credit line ${creditLineId}: reserved ${row.reserved} < ${amount}`);
  await tx
    .update(creditLines)
    .set({ reserved: sql`${creditLines.reserved} - ${amount}`, used: sql`${creditLines.used} + ${amount}`, updatedAt: clock.now() })
    .where(eq(creditLines.id, creditLineId));
}

/** Repaid principal restores the credit line. */
export async function restoreCredit(tx: Tx, creditLineId: number, principal: number): Promise<void> {
  if (principal <= 0) return;
  await tx
    .update(creditLines)
    .set({ used: sql`greatest(${creditLines.used} - ${principal}, 0)`, updatedAt: clock.now() })
    .where(eq(creditLines.id, creditLineId));
}

/**
 * Grants (or renews) the holder enterprise's credit line on a platform: a new line, or the existing one
 * with the new limit and dates, made ACTIVE again. Used and reserved credit carry over.
 */
export async function grantCreditLine(
  tx: Tx,
  holder: EnterpriseScope,
  p: { platformId: number; limit: number; startDate: IsoDate; expiryDate: IsoDate; grantedBy?: number | null },
): Promise<CreditLine> {
  if (!Number.isSafeInteger(p.limit) || p.limit <= 0) throw new BusinessError('授信额度必须大于0');
  if (compareIsoDates(p.expiryDate, p.startDate) <= 0) throw new BusinessError('授信到期日必须晚于起始日');
  const [existing] = await tx
    .select()
    .from(creditLines)
    .where(and(ownedBy(holder, creditLines.enterpriseId), eq(creditLines.platformId, p.platformId)))
    .for('update');
  const terms = { limit: p.limit, startDate: p.startDate, expiryDate: p.expiryDate, grantedBy: p.grantedBy ?? null };
  if (existing) return transition(tx, creditLines, creditLineLifecycle, existing, 'ACTIVE', { ...terms, updatedAt: clock.now() });
  const [line] = await tx
    .insert(creditLines)
    .values({ enterpriseId: holder.enterpriseId, platformId: p.platformId, ...terms, status: 'ACTIVE' })
    .returning();
  return line;
}

/**
 * The caller's credit lines on platforms of one product that expire within 30 days (today
 * included) and have not yet expired — the expiry reminder of SPEC §4.
 */
export async function willExpire(db: Db, scope: EnterpriseScope, product: Product, page: { page: number; size: number }, today: IsoDate) {
  const where = and(
    ownedBy(scope, creditLines.enterpriseId),
    eq(platformDirectory.product, product),
    sql`${creditLines.status} <> 'EXPIRED'`,
    gte(creditLines.expiryDate, today),
    lte(creditLines.expiryDate, addDays(today, WILL_EXPIRE_DAYS)),
  );
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(creditLines)
    .innerJoin(platformDirectory, eq(platformDirectory.id, creditLines.platformId))
    .where(where);
  const rows = await db
    .select({
      id: creditLines.id,
      platformId: platformDirectory.id,
      platformName: platformDirectory.name,
      product: platformDirectory.product,
      limit: creditLines.limit,
      used: creditLines.used,
      reserved: creditLines.reserved,
      startDate: creditLines.startDate,
      expiryDate: creditLines.expiryDate,
      status: creditLines.status,
    })
    .from(creditLines)
    .innerJoin(platformDirectory, eq(platformDirectory.id, creditLines.platformId))
    .where(where)
    .orderBy(asc(creditLines.expiryDate), asc(creditLines.id))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  const items = rows.map((r) => ({ ...r, available: availableOf(r), daysLeft: daysBetween(today, r.expiryDate) }));
  return { items, totalCount: count };
}

/**
 * Every credit line of the caller's enterprise, supply-chain lines first, then pledge (stock-loan)
 * lines, each by platform: the home dashboard's credit card.
 */
export async function myCreditLines(db: Db, scope: EnterpriseScope, today: IsoDate) {
  const rows = await db
    .select({ line: creditLines, platformName: platformDirectory.name, product: platformDirectory.product })
    .from(creditLines)
    .innerJoin(platformDirectory, eq(platformDirectory.id, creditLines.platformId))
    .where(ownedBy(scope, creditLines.enterpriseId))
    .orderBy(sql`case when ${platformDirectory.product} = 'SUPPLY' then 0 else 1 end`, asc(platformDirectory.id));
  return rows.map(({ line, platformName, product }) => {
    const summary = creditLineSummary(line, today);
    return {
      ...summary,
      platformId: line.platformId,
      platformName,
      product,
      productLabel: PLATFORM_PRODUCT_LABELS[product],
      statusLabel: creditLineLifecycle.label(summary.status),
      daysLeft: daysBetween(today, line.expiryDate),
    };
  });
}

/** Daily: ACTIVE lines whose expiry date has passed become EXPIRED. Returns how many changed. */
export async function expireCreditLines(tx: Tx, today: IsoDate): Promise<number> {
  const due = await tx
    .select({ id: creditLines.id, status: creditLines.status })
    .from(creditLines)
    .where(and(eq(creditLines.status, 'ACTIVE'), sql`${creditLines.expiryDate} < ${today}`))
    .orderBy(creditLines.id)
    .for('update');
  for (const line of due) await transition(tx, creditLines, creditLineLifecycle, line, 'EXPIRED', { updatedAt: clock.now() });
  return due.length;
}
