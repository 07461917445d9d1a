import {
  addDays,
  chinaDate,
  chinaStartOfDay,
  formatYuan,
  statementLineLifecycle,
  type IsoDate,
  type ReconciliationDayStatus,
} from '@factoring/domain';
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, min, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankReconciliationDays, bankStatementLines, bankStatements } from '../../db/schema/index.ts';
import { journalLineDirectory } from '../ledger/index.ts';
import { chinaDateSql } from '../../lib/china-time-sql.ts';
import { now } from '../../lib/clock.ts';
import { bankCashAccountId, collectionAccount } from './store.ts';
import { bankPostingColumns, transitNet, transitOf, transitSpan } from './transit.ts';

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
  /** What the line is to items in transit (transit.ts): a new one carried from this day, one this day clears, or neither (a difference). */
  transit: 'IN_TRANSIT' | 'CLEARED' | null;
}

/** The day's change of items in transit: the lines of its difference that are new in transit or clear one (older rows stored none). */
export const transitChangeOf = (items: ReconciliationItem[]) => transitNet(items.filter((i) => i.transit));

const signed = (l: { direction: 'CREDIT' | 'DEBIT'; amount: number }) => (l.direction === 'CREDIT' ? l.amount : -l.amount);

/** The periods of the account's statements in force (a voided statement covers nothing), oldest first. */
export async function periodsOf(tx: Tx | Db, accountNo: string) {
  return tx
    .select({
      id: bankStatements.id,
      from: bankStatements.periodStart,
      to: bankStatements.periodEnd,
      opening: bankStatements.openingBalance,
    })
    .from(bankStatements)
    .where(and(eq(bankStatements.accountNo, accountNo), isNull(bankStatements.voidedAt)))
    .orderBy(asc(bankStatements.id));
}

/** `text` of a list of China dates for SQL (`= any(...)`): one parameter, whatever the count. */
const dateList = (dates: IsoDate[]) => sql`string_to_array(${dates.join(',')}, ',')::date[]`;

/**
 * Days of the collection account: each day's opening and closing balance from the statement and the
 * ledger's movement of the factor's bank account (BANK_CASH) that China day. The difference is the
 * statement's movement less the ledger's; the lines that make it — statement lines the ledger has
 * nothing for that day, ledger lines the statement lacks — are listed with the reason. Stored,
 * replacing the last result. A fixed handful of queries for any number of days (set-based: the lines
 * of all the days, the balance before each, the ledger lines of all the days).
 */
export async function reconcileDays(tx: Tx, accountNo: string, bankId: number | null, dates: IsoDate[]) {
  const days = [...new Set(dates)].sort();
  if (!days.length) return [];
  const lines = await tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.accountNo, accountNo), sql`${bankStatementLines.bookDate} = any(${dateList(days)})`))
    .orderBy(
      asc(bankStatementLines.bookDate),
      asc(bankStatementLines.bookedAt),
      asc(bankStatementLines.statementId),
      asc(bankStatementLines.seq),
    );
  const linesOn = new Map<string, typeof lines>();
  for (const l of lines) linesOn.set(l.bookDate, [...(linesOn.get(l.bookDate) ?? []), l]);
  // The last line before each day (its balance is the day's expected opening).
  const previousRows = (await tx.execute(sql`
    select d.day::text as day, p.balance, p.book_date::text as book_date
    from unnest(${dateList(days)}) as d(day)
    left join lateral (
      select ${bankStatementLines.balance} as balance, ${bankStatementLines.bookDate} as book_date
      from ${bankStatementLines}
      where ${bankStatementLines.accountNo} = ${accountNo} and ${bankStatementLines.bookDate} < d.day
      order by ${bankStatementLines.bookDate} desc, ${bankStatementLines.bookedAt} desc, ${bankStatementLines.statementId} desc, ${bankStatementLines.seq} desc
      limit 1
    ) p on true`)) as unknown as { rows: { day: string; balance: string | number | null; book_date: string | null }[] };
  const previousOf = new Map(
    previousRows.rows.map((r) => [
      r.day,
      r.book_date === null ? undefined : { balance: r.balance === null ? null : Number(r.balance), bookDate: r.book_date },
    ]),
  );
  const periods = await periodsOf(tx, accountNo);

  const ledger =
    bankId === null
      ? []
      : await tx
          .select({ ...bankPostingColumns, seenOn: bankStatementLines.bookDate })
          .from(journalLineDirectory)
          .leftJoin(bankStatementLines, eq(bankStatementLines.journalLineId, journalLineDirectory.id))
          .where(
            and(
              eq(journalLineDirectory.accountId, bankId),
              gte(journalLineDirectory.createdAt, chinaStartOfDay(days[0])),
              lt(journalLineDirectory.createdAt, chinaStartOfDay(addDays(days[days.length - 1], 1))),
              sql`${chinaDateSql(journalLineDirectory.createdAt)} = any(${dateList(days)})`,
            ),
          )
          .orderBy(asc(journalLineDirectory.id));
  const ledgerOn = new Map<string, typeof ledger>();
  for (const j of ledger) {
    const d = chinaDate(j.createdAt);
    ledgerOn.set(d, [...(ledgerOn.get(d) ?? []), j]);
  }
  // Lines linked to a ledger line of another day: when that line was booked (those of the days read, one query for the rest).
  const ledgerIds = new Set(ledger.map((j) => j.id));
  const elsewhere = lines.filter((l) => l.journalLineId !== null && !ledgerIds.has(l.journalLineId)).map((l) => l.journalLineId!);
  const bookedAt = new Map<number, Date>(ledger.map((j) => [j.id, j.createdAt]));
  for (let i = 0; i < elsewhere.length; i += 1000) {
    const rows = await tx
      .select({ id: journalLineDirectory.id, at: journalLineDirectory.createdAt })
      .from(journalLineDirectory)
      .where(inArray(journalLineDirectory.id, elsewhere.slice(i, i + 1000)));
    for (const r of rows) bookedAt.set(r.id, r.at);
  }

  const out = days.map((date) =>
    dayOf(accountNo, date, linesOn.get(date) ?? [], previousOf.get(date), periods, ledgerOn.get(date) ?? [], bookedAt),
  );
  for (let i = 0; i < out.length; i += 200)
    await tx
      .insert(bankReconciliationDays)
      .values(out.slice(i, i + 200))
      .onConflictDoUpdate({
        target: [bankReconciliationDays.accountNo, bankReconciliationDays.date],
        set: {
          openingBalance: sql`excluded.opening_balance`,
          closingBalance: sql`excluded.closing_balance`,
          credits: sql`excluded.credits`,
          debits: sql`excluded.debits`,
          ledgerReceipts: sql`excluded.ledger_receipts`,
          ledgerPayouts: sql`excluded.ledger_payouts`,
          difference: sql`excluded.difference`,
          explained: sql`excluded.explained`,
          status: sql`excluded.status`,
          items: sql`excluded.items`,
          computedAt: sql`excluded.computed_at`,
        },
      });
  return out;
}

type DayLine = typeof bankStatementLines.$inferSelect;
type DayLedgerLine = {
  id: number;
  side: 'D' | 'C';
  amount: number;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  memo: string | null;
  createdAt: Date;
  seenOn: string | null;
};

/** One day's reconciliation from what reconcileDays read (no I/O). */
function dayOf(
  accountNo: string,
  date: IsoDate,
  lines: DayLine[],
  previous: { balance: number | null; bookDate: string } | undefined,
  periods: { from: string; to: string; opening: number }[],
  ledger: DayLedgerLine[],
  bookedAt: Map<number, Date>,
) {
  let opening: number;
  let closing: number;
  if (lines.length) {
    opening = (lines[0].balance ?? 0) - signed(lines[0]);
    closing = lines[lines.length - 1].balance ?? 0;
  } else {
    const covering = periods.find((p) => p.from <= date && date <= p.to);
    opening = closing = previous?.balance ?? covering?.opening ?? 0;
  }
  const credits = lines.filter((l) => l.direction === 'CREDIT').reduce((s, l) => s + l.amount, 0);
  const debits = lines.filter((l) => l.direction === 'DEBIT').reduce((s, l) => s + l.amount, 0);
  const start = chinaStartOfDay(date);
  const ledgerReceipts = ledger.filter((j) => j.side === 'D').reduce((s, j) => s + j.amount, 0);
  const ledgerPayouts = ledger.filter((j) => j.side === 'C').reduce((s, j) => s + j.amount, 0);
  const ledgerIds = new Set(ledger.map((j) => j.id));

  const items: ReconciliationItem[] = [];
  let explained = 0;
  for (const l of lines) {
    if (l.journalLineId !== null && ledgerIds.has(l.journalLineId)) continue;
    const at = l.journalLineId !== null ? bookedAt.get(l.journalLineId) : undefined;
    const booked = at ? chinaDate(at) : null;
    const transit = transitOf(
      transitSpan({ booked, seen: date, awaitingBooking: l.status === 'PENDING' && l.journalLineId === null }),
      date,
    );
    let reason: string;
    if (l.status === 'EXPLAINED') {
      reason = `已说明：${l.note ?? ''}`;
      if (l.journalLineId === null) explained += signed(l);
    } else if (transit === 'CLEARED') reason = `清算在途：账簿于 ${booked} 已记账（跨日）`;
    else if (transit === 'IN_TRANSIT' && booked) reason = `在途：银行已记账，账簿于 ${booked} 记账（跨日）`;
    else if (transit === 'IN_TRANSIT') reason = `在途：待复核${l.taskId ? `（任务 #${l.taskId}）` : ''}，尚未入账`;
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
      transit,
    });
  }
  for (const j of ledger) {
    if (j.seenOn === date) continue;
    // The day is reconciled because a statement covers it: a posting of it on no statement yet is in transit.
    const transit = transitOf(transitSpan({ booked: date, seen: j.seenOn, bookedDayCovered: true }), date);
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
      reason:
        transit === 'CLEARED'
          ? `清算在途：银行于 ${j.seenOn} 已记账（跨日）`
          : j.seenOn
            ? `在途：账簿已记账，银行于 ${j.seenOn} 记账（跨日）`
            : '在途：账簿已记账，对账单中尚未出现（银行尚未入账或出款）',
      transit,
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
      transit: null,
    });
  const difference = closing - opening - (ledgerReceipts - ledgerPayouts);
  // Balanced when the difference is the change of the items in transit (new ones less cleared ones);
  // what is left over must be what operators explained.
  const rest = difference - transitChangeOf(items);
  const status: ReconciliationDayStatus =
    rest === 0 && !gap ? 'BALANCED' : rest === explained && explained !== 0 && !gap ? 'EXPLAINED' : 'UNBALANCED';
  return {
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
}

/** Recomputes the given days of the collection account that a statement in force covers. */
export async function reconcileDates(tx: Tx, dates: IsoDate[]) {
  const { accountNo } = await collectionAccount(tx);
  const bankId = await bankCashAccountId(tx);
  const periods = await periodsOf(tx, accountNo);
  const days = [...new Set(dates)].filter((d) => periods.some((p) => p.from <= d && d <= p.to)).sort();
  await reconcileDays(tx, accountNo, bankId, days);
  return days.length;
}

/**
 * The days worth reconciling among `from`–`to` (or every day up to `to` when `from` is null): those with
 * statement lines, with postings on the factor's bank account, or with a stored result — one grouped
 * query. A day with none of them balances by itself and is not stored.
 */
async function activeDays(tx: Tx, accountNo: string, bankId: number | null, from: IsoDate | null, to: IsoDate): Promise<IsoDate[]> {
  const lower = (col: SQLWrapper) => (from === null ? sql`true` : sql`${col} >= ${from}::date`);
  const postings =
    bankId === null
      ? sql``
      : sql`union select ${chinaDateSql(journalLineDirectory.createdAt)} from ${journalLineDirectory}
              where ${journalLineDirectory.accountId} = ${bankId}
                and ${from === null ? sql`true` : sql`${journalLineDirectory.createdAt} >= ${chinaStartOfDay(from)}`}
                and ${journalLineDirectory.createdAt} < ${chinaStartOfDay(addDays(to, 1))}`;
  const result = (await tx.execute(sql`
    select day::text as day from (
      select ${bankStatementLines.bookDate} as day from ${bankStatementLines}
        where ${bankStatementLines.accountNo} = ${accountNo} and ${lower(bankStatementLines.bookDate)} and ${bankStatementLines.bookDate} <= ${to}::date
      union select ${bankReconciliationDays.date} from ${bankReconciliationDays}
        where ${bankReconciliationDays.accountNo} = ${accountNo} and ${lower(bankReconciliationDays.date)} and ${bankReconciliationDays.date} <= ${to}::date
      ${postings}
    ) d order by day`)) as unknown as { rows: { day: string }[] };
  return result.rows.map((r) => r.day);
}

/**
 * After an import (or a void): every day of the statement's period (at most MAX_STATEMENT_DAYS for a
 * new statement: a day without movement is stored balanced, so the operator sees each day of it) and the
 * first day with lines after it (whose opening is checked against this period's last balance). The
 * days are reconciled together (reconcileDays: a fixed handful of queries, not a few per day).
 */
export async function reconcileStatementDays(tx: Tx, accountNo: string, from: IsoDate, to: IsoDate) {
  const bankId = await bankCashAccountId(tx);
  const days = datesBetween(from, to);
  const [next] = await tx
    .select({ date: min(bankStatementLines.bookDate) })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.accountNo, accountNo), gt(bankStatementLines.bookDate, to)));
  if (next?.date) days.push(next.date);
  const periods = await periodsOf(tx, accountNo);
  const covered = days.filter((d) => periods.some((p) => p.from <= d && d <= p.to));
  // A day no statement in force covers any more (its statement was voided) has no result.
  const uncovered = days.filter((d) => !covered.includes(d));
  if (uncovered.length)
    await tx
      .delete(bankReconciliationDays)
      .where(and(eq(bankReconciliationDays.accountNo, accountNo), sql`${bankReconciliationDays.date} = any(${dateList(uncovered)})`));
  await reconcileDays(tx, accountNo, bankId, covered);
  return covered.length;
}

/** Every date from `from` to `to`, both included (at most 3,700: a statement stored before periods were limited). */
function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = from; d <= to && out.length < 3700; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The close of business: every covered day up to the business date that has lines or postings and
 * was never reconciled or did not balance, again — a receipt approved today can balance yesterday's
 * difference (a line's link may have changed since). The days come from one grouped query, not a
 * walk over the statements' calendar.
 */
export async function reconcileOpenDays(tx: Tx, businessDate: IsoDate) {
  const { accountNo } = await collectionAccount(tx);
  const periods = await periodsOf(tx, accountNo);
  if (!periods.length) return { days: 0, balanced: 0, unbalanced: 0 };
  const first = periods.reduce((m, p) => (p.from < m ? p.from : m), periods[0].from);
  const lastEnd = periods.reduce((m, p) => (p.to > m ? p.to : m), periods[0].to);
  const last = lastEnd < businessDate ? lastEnd : businessDate;
  const done = await tx
    .select({ date: bankReconciliationDays.date })
    .from(bankReconciliationDays)
    .where(and(eq(bankReconciliationDays.accountNo, accountNo), eq(bankReconciliationDays.status, 'BALANCED')));
  const balanced = new Set(done.map((d) => d.date));
  const bankId = await bankCashAccountId(tx);
  const open = (await activeDays(tx, accountNo, bankId, first, last)).filter(
    (d) => !balanced.has(d) && periods.some((p) => p.from <= d && d <= p.to),
  );
  await reconcileDays(tx, accountNo, bankId, open);
  const [counts] = await tx
    .select({
      balanced: sql<number>`count(*) filter (where ${bankReconciliationDays.status} <> 'UNBALANCED')::int`,
      unbalanced: sql<number>`count(*) filter (where ${bankReconciliationDays.status} = 'UNBALANCED')::int`,
    })
    .from(bankReconciliationDays)
    .where(and(eq(bankReconciliationDays.accountNo, accountNo), lte(bankReconciliationDays.date, last)));
  return { days: open.length, balanced: Number(counts?.balanced ?? 0), unbalanced: Number(counts?.unbalanced ?? 0) };
}
