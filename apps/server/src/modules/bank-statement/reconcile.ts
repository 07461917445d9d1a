import {
  addDays,
  chinaDate,
  chinaStartOfDay,
  formatYuan,
  RECONCILIATION_DAY_LABELS,
  statementLineLifecycle,
  type IsoDate,
  type ReconciliationDayStatus,
} from '@factoring/domain';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, max, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankReconciliationDays, bankStatementLines, bankStatements, journalLines } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { bankCashAccountId, collectionAccount } from './store.ts';

export interface ReconciliationItem {
  source: 'STATEMENT' | 'LEDGER';
  lineId: number | null;
  journalLineId: number | null;
  direction: 'IN' | 'OUT';
  amount: number;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  memo: string | null;
  at: string;
  reason: string;
}

const signed = (l: { direction: 'CREDIT' | 'DEBIT'; amount: number }) => (l.direction === 'CREDIT' ? l.amount : -l.amount);

/** The dates some imported statement of the account covers (its period), among `dates`. */
async function coveredDates(tx: Tx | Db, accountNo: string, dates: IsoDate[]): Promise<IsoDate[]> {
  if (!dates.length) return [];
  const periods = await tx
    .select({ from: bankStatements.periodStart, to: bankStatements.periodEnd })
    .from(bankStatements)
    .where(eq(bankStatements.accountNo, accountNo));
  return [...new Set(dates)].filter((d) => periods.some((p) => p.from <= d && d <= p.to)).sort();
}

/**
 * One day of the collection account: the statement's opening and closing balance and the ledger's
 * movement of the factor's bank account (BANK_CASH) that China day. The difference is the statement's
 * movement less the ledger's; the lines that make it — statement lines the ledger has nothing for that
 * day, ledger lines the statement lacks — are listed with the reason. Stored, replacing the last result.
 */
export async function reconcileDay(tx: Tx, accountNo: string, bankId: number | null, date: IsoDate) {
  const lines = await tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.accountNo, accountNo), eq(bankStatementLines.bookDate, date)))
    .orderBy(asc(bankStatementLines.bookedAt), asc(bankStatementLines.statementId), asc(bankStatementLines.seq));
  const [previous] = await tx
    .select({ balance: bankStatementLines.balance, bookDate: bankStatementLines.bookDate })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.accountNo, accountNo), lt(bankStatementLines.bookDate, date)))
    .orderBy(
      desc(bankStatementLines.bookDate),
      desc(bankStatementLines.bookedAt),
      desc(bankStatementLines.statementId),
      desc(bankStatementLines.seq),
    )
    .limit(1);
  let opening: number;
  let closing: number;
  if (lines.length) {
    opening = (lines[0].balance ?? 0) - signed(lines[0]);
    closing = lines[lines.length - 1].balance ?? 0;
  } else {
    const [covering] = await tx
      .select({ opening: bankStatements.openingBalance })
      .from(bankStatements)
      .where(and(eq(bankStatements.accountNo, accountNo), lte(bankStatements.periodStart, date), gte(bankStatements.periodEnd, date)))
      .orderBy(asc(bankStatements.id))
      .limit(1);
    opening = closing = previous?.balance ?? covering?.opening ?? 0;
  }
  const credits = lines.filter((l) => l.direction === 'CREDIT').reduce((s, l) => s + l.amount, 0);
  const debits = lines.filter((l) => l.direction === 'DEBIT').reduce((s, l) => s + l.amount, 0);

  const start = chinaStartOfDay(date);
  const end = chinaStartOfDay(addDays(date, 1));
  const ledger =
    bankId === null
      ? []
      : await tx
          .select({
            id: journalLines.id,
            side: journalLines.side,
            amount: journalLines.amount,
            counterpartyName: journalLines.counterpartyName,
            counterpartyAccount: journalLines.counterpartyAccount,
            memo: journalLines.memo,
            createdAt: journalLines.createdAt,
            seenOn: bankStatementLines.bookDate,
          })
          .from(journalLines)
          .leftJoin(bankStatementLines, eq(bankStatementLines.journalLineId, journalLines.id))
          .where(and(eq(journalLines.accountId, bankId), gte(journalLines.createdAt, start), lt(journalLines.createdAt, end)))
          .orderBy(asc(journalLines.id));
  const ledgerReceipts = ledger.filter((j) => j.side === 'D').reduce((s, j) => s + j.amount, 0);
  const ledgerPayouts = ledger.filter((j) => j.side === 'C').reduce((s, j) => s + j.amount, 0);
  const ledgerIds = new Set(ledger.map((j) => j.id));

  const items: ReconciliationItem[] = [];
  let explained = 0;
  for (const l of lines) {
    if (l.journalLineId !== null && ledgerIds.has(l.journalLineId)) continue;
    let reason: string;
    if (l.status === 'EXPLAINED') {
      reason = `已说明：${l.note ?? ''}`;
      if (l.journalLineId === null) explained += signed(l);
    } else if (l.journalLineId !== null) {
      const [j] = await tx.select({ at: journalLines.createdAt }).from(journalLines).where(eq(journalLines.id, l.journalLineId));
      reason = `账簿记账日为 ${j ? chinaDate(j.at) : '—'}（跨日）`;
    } else if (l.status === 'PENDING') reason = `待复核${l.taskId ? `（任务 #${l.taskId}）` : ''}，尚未入账`;
    else reason = `${statementLineLifecycle.label(l.status)}：账簿中没有对应记录`;
    items.push({
      source: 'STATEMENT',
      lineId: l.id,
      journalLineId: l.journalLineId,
      direction: l.direction === 'CREDIT' ? 'IN' : 'OUT',
      amount: l.amount,
      counterpartyName: l.counterpartyName,
      counterpartyAccount: l.counterpartyAccount,
      memo: [l.memo, l.remark].filter(Boolean).join(' / ') || null,
      at: l.bookedAt.toISOString(),
      reason,
    });
  }
  for (const j of ledger) {
    if (j.seenOn === date) continue;
    items.push({
      source: 'LEDGER',
      lineId: null,
      journalLineId: j.id,
      direction: j.side === 'D' ? 'IN' : 'OUT',
      amount: j.amount,
      counterpartyName: j.counterpartyName,
      counterpartyAccount: j.counterpartyAccount,
      memo: j.memo,
      at: j.createdAt.toISOString(),
      reason: j.seenOn ? `银行记账日为 ${j.seenOn}（跨日）` : '对账单中没有这一笔（银行尚未入账或出款）',
    });
  }
  const gap = previous?.balance !== undefined && previous.balance !== null && previous.balance !== opening;
  if (gap)
    items.unshift({
      source: 'STATEMENT',
      lineId: null,
      journalLineId: null,
      direction: opening > previous.balance! ? 'IN' : 'OUT',
      amount: Math.abs(opening - previous.balance!),
      counterpartyName: null,
      counterpartyAccount: null,
      memo: null,
      at: start.toISOString(),
      reason: `期初余额 ¥${formatYuan(opening)} 与上一记账日（${previous.bookDate}）期末余额 ¥${formatYuan(previous.balance!)} 不连续：可能缺少期间的对账单`,
    });
  const difference = closing - opening - (ledgerReceipts - ledgerPayouts);
  const status: ReconciliationDayStatus =
    difference === 0 && !gap ? 'BALANCED' : difference === explained && explained !== 0 && !gap ? 'EXPLAINED' : 'UNBALANCED';
  const row = {
    accountNo,
    date,
    openingBalance: opening,
    closingBalance: closing,
    credits,
    debits,
    ledgerReceipts,
    ledgerPayouts,
    difference,
    explained,
    status,
    items,
    computedAt: now(),
  };
  await tx
    .insert(bankReconciliationDays)
    .values(row)
    .onConflictDoUpdate({ target: [bankReconciliationDays.accountNo, bankReconciliationDays.date], set: row });
  return row;
}

/** Recomputes the given days of the collection account that a statement covers. */
export async function reconcileDates(tx: Tx, dates: IsoDate[]) {
  const { accountNo } = await collectionAccount(tx);
  const bankId = await bankCashAccountId(tx);
  const days = await coveredDates(tx, accountNo, dates);
  for (const d of days) await reconcileDay(tx, accountNo, bankId, d);
  return days.length;
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = from; d <= to && out.length < 3700; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The close of business: every covered day up to the business date that was never reconciled or did
 * not balance, again — a receipt approved today can balance yesterday's difference (a line's link may
 * have changed since).
 */
export async function reconcileOpenDays(tx: Tx, businessDate: IsoDate) {
  const { accountNo } = await collectionAccount(tx);
  const [range] = await tx
    .select({ from: min(bankStatements.periodStart), to: max(bankStatements.periodEnd) })
    .from(bankStatements)
    .where(eq(bankStatements.accountNo, accountNo));
  if (!range?.from || !range.to) return { days: 0, balanced: 0, unbalanced: 0 };
  const done = await tx
    .select({ date: bankReconciliationDays.date })
    .from(bankReconciliationDays)
    .where(and(eq(bankReconciliationDays.accountNo, accountNo), inArray(bankReconciliationDays.status, ['BALANCED'])));
  const balanced = new Set(done.map((d) => d.date));
  const last = range.to < businessDate ? range.to : businessDate;
  const open = datesBetween(range.from, last).filter((d) => !balanced.has(d));
  await reconcileDates(tx, open);
  const [counts] = await tx
    .select({
      balanced: sql<number>`count(*) filter (where ${bankReconciliationDays.status} <> 'UNBALANCED')::int`,
      unbalanced: sql<number>`count(*) filter (where ${bankReconciliationDays.status} = 'UNBALANCED')::int`,
    })
    .from(bankReconciliationDays)
    .where(and(eq(bankReconciliationDays.accountNo, accountNo), lte(bankReconciliationDays.date, last)));
  return { days: open.length, balanced: Number(counts?.balanced ?? 0), unbalanced: Number(counts?.unbalanced ?? 0) };
}

const dayView = (d: typeof bankReconciliationDays.$inferSelect) => ({
  date: d.date,
  openingBalance: d.openingBalance,
  closingBalance: d.closingBalance,
  credits: d.credits,
  debits: d.debits,
  ledgerReceipts: d.ledgerReceipts,
  ledgerPayouts: d.ledgerPayouts,
  difference: d.difference,
  explained: d.explained,
  status: d.status,
  statusLabel: RECONCILIATION_DAY_LABELS[d.status],
  itemCount: (d.items as ReconciliationItem[]).length,
  computedAt: d.computedAt,
});

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
  return { items: rows.map(dayView), totalCount: Number(n) };
}

export async function reconciliationDay(db: Db, date: IsoDate) {
  const { accountNo } = await collectionAccount(db);
  const [row] = await db
    .select()
    .from(bankReconciliationDays)
    .where(and(eq(bankReconciliationDays.accountNo, accountNo), eq(bankReconciliationDays.date, date)));
  if (!row) throw new NotFoundError('该日尚无对账结果（没有覆盖该日的对账单）');
  return { ...dayView(row), items: row.items as ReconciliationItem[] };
}

/** How many days do not reconcile, and the earliest of them. */
export async function unreconciledDays(db: Db | Tx, accountNo: string) {
  const [row] = await db
    .select({ n: count(), oldest: min(bankReconciliationDays.date) })
    .from(bankReconciliationDays)
    .where(and(eq(bankReconciliationDays.accountNo, accountNo), eq(bankReconciliationDays.status, 'UNBALANCED')));
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ?? null };
}
