import { RECONCILIATION_DAY_LABELS, type IsoDate, type ReconciliationDayStatus } from '@factoring/domain';
import { and, count, desc, eq, min } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { bankReconciliationDays } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../../lib/paging.ts';
import { periodsOf, transitChangeOf, type ReconciliationItem } from '../reconcile.ts';
import { bankCashAccountId, collectionAccount } from '../store.ts';
import { inTransitAt, transitNet, type TransitItem } from '../transit.ts';

const dayView = (d: typeof bankReconciliationDays.$inferSelect, inTransit: TransitItem[]) => ({
  date: d.date,
  openingBalance: d.openingBalance,
  closingBalance: d.closingBalance,
  credits: d.credits,
  debits: d.debits,
  ledgerReceipts: d.ledgerReceipts,
  ledgerPayouts: d.ledgerPayouts,
  difference: d.difference,
  transitChange: transitChangeOf(d.items as ReconciliationItem[]),
  explained: d.explained,
  status: d.status,
  statusLabel: RECONCILIATION_DAY_LABELS[d.status],
  itemCount: (d.items as ReconciliationItem[]).length,
  inTransitCount: inTransit.length,
  inTransitNet: transitNet(inTransit),
  computedAt: d.computedAt,
});

/** The items in transit at the end of each of the stored days (transit.ts: a fixed number of queries for the page). */
async function transitOfDays(db: Db, accountNo: string, dates: IsoDate[]) {
  return inTransitAt(db, accountNo, await bankCashAccountId(db), await periodsOf(db, accountNo), dates);
}

export async function listReconciliationDays(db: Db, q: PageQuery & { status?: ReconciliationDayStatus }) {
  const { accountNo } = await collectionAccount(db);
  const where = and(eq(bankReconciliationDays.accountNo, accountNo), q.status ? eq(bankReconciliationDays.status, q.status) : undefined);
  const rows = await db
    .select()
    .from(bankReconciliationDays)
    .where(where)
    .orderBy(desc(bankReconciliationDays.date))
    .limit(q.size)
    .offset(offsetOf(q));
  const [{ n }] = await db.select({ n: count() }).from(bankReconciliationDays).where(where);
  const transit = await transitOfDays(
    db,
    accountNo,
    rows.map((r) => r.date),
  );
  return { items: rows.map((r) => dayView(r, transit.get(r.date) ?? [])), totalCount: Number(n) };
}

/** One day: its stored result, the lines of its difference, and what is in transit at its end (with each item's age). */
export async function reconciliationDay(db: Db, date: IsoDate) {
  const { accountNo } = await collectionAccount(db);
  const [row] = await db
    .select()
    .from(bankReconciliationDays)
    .where(and(eq(bankReconciliationDays.accountNo, accountNo), eq(bankReconciliationDays.date, date)));
  if (!row) throw new NotFoundError('该日尚无对账结果（没有覆盖该日的对账单）');
  const inTransit = (await transitOfDays(db, accountNo, [date])).get(date) ?? [];
  const items = (row.items as ReconciliationItem[]).map((i) => ({ ...i, transit: i.transit ?? null }));
  return { ...dayView(row, inTransit), items, inTransit };
}

/** How many days do not reconcile, and the earliest of them. */
export async function unreconciledDays(db: Db | Tx, accountNo: string) {
  const [row] = await db
    .select({ n: count(), oldest: min(bankReconciliationDays.date) })
    .from(bankReconciliationDays)
    .where(and(eq(bankReconciliationDays.accountNo, accountNo), eq(bankReconciliationDays.status, 'UNBALANCED')));
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ?? null };
}
