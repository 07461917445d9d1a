import { addDays, chinaDate, chinaStartOfDay, daysBetween, type IsoDate } from '@factoring/domain';
import { and, eq, exists, gt, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankStatementLines } from '../../db/schema/index.ts';
import { journalLineDirectory } from '../ledger/index.ts';
import { chinaDateSql } from '../../lib/china-time-sql.ts';

/** What reconciliation reads of a posting on the factor's bank account (the day's list and the items in transit). */
export const bankPostingColumns = {
  id: journalLineDirectory.id,
  side: journalLineDirectory.side,
  amount: journalLineDirectory.amount,
  counterpartyName: journalLineDirectory.counterpartyName,
  counterpartyAccount: journalLineDirectory.counterpartyAccount,
  memo: journalLineDirectory.memo,
  createdAt: journalLineDirectory.createdAt,
};

// Items in transit (issue 37): the way banks reconcile. A movement of the collection account is seen by
// the ledger on the day it was booked and by the bank on the statement's book date; between the two it
// is in transit, carried from day to day until the other side shows it. The rule is here and only here
// (transitSpan); the day's reconciliation (reconcile.ts) and the list of what is in transit at a day's
// end (inTransitAt) both use it.

/** When a movement is in transit: from `since` (included) to `until` (excluded; null while the other side has not shown it). */
export interface TransitSpan {
  /** The side that saw it first: the ledger booked it (LEDGER) or the bank did (STATEMENT). */
  source: 'LEDGER' | 'STATEMENT';
  since: IsoDate;
  until: IsoDate | null;
}

/**
 * The one rule. `booked`: the China day the ledger booked the movement on the factor's bank account
 * (BANK_CASH); `seen`: the statement line's book date.
 * - Seen by both: in transit from the earlier day to the later (nothing when it is the same day).
 * - Booked, on no statement yet: in transit from the booking day on — when a statement in force covers
 *   that day (postings before the statements began were never reconciled and are no item).
 * - On the statement with its booking on the way (a task waiting for a second operator): in transit
 *   from its book date on.
 * - On the statement with nothing to book it (未匹配, 已说明, matched to no posting): no item in transit —
 *   a difference of its day, which stays 不平 until it is matched or explained.
 */
export function transitSpan(m: {
  booked: IsoDate | null;
  seen: IsoDate | null;
  awaitingBooking?: boolean;
  bookedDayCovered?: boolean;
}): TransitSpan | null {
  const { booked, seen } = m;
  if (booked !== null && seen !== null) {
    if (booked === seen) return null;
    return booked < seen ? { source: 'LEDGER', since: booked, until: seen } : { source: 'STATEMENT', since: seen, until: booked };
  }
  if (booked !== null) return m.bookedDayCovered ? { source: 'LEDGER', since: booked, until: null } : null;
  if (seen !== null && m.awaitingBooking) return { source: 'STATEMENT', since: seen, until: null };
  return null;
}

/** Whether the span is open at the end of `day`. */
export const inTransitOn = (s: TransitSpan, day: IsoDate) => s.since <= day && (s.until === null || day < s.until);

/** What the span does to `day`: a new item in transit, one that clears, or nothing. */
export function transitOf(s: TransitSpan | null, day: IsoDate): 'IN_TRANSIT' | 'CLEARED' | null {
  if (!s) return null;
  if (s.since === day) return 'IN_TRANSIT';
  if (s.until === day) return 'CLEARED';
  return null;
}

/** An item in transit at a day's end, with its age in days. */
export interface TransitItem {
  source: 'LEDGER' | 'STATEMENT';
  lineId: number | null;
  journalLineId: number | null;
  direction: 'IN' | 'OUT';
  amount: number;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  memo: string | null;
  /** The day the first side saw it. */
  since: IsoDate;
  /** Whole days from `since` to the day asked about (0: it arrived that day). */
  ageDays: number;
  /** The day the other side showed it, when it has since cleared (after the day asked about); null while still open. */
  clearsOn: IsoDate | null;
  reason: string;
}

type Candidate = Omit<TransitItem, 'ageDays' | 'reason'> & { span: TransitSpan; taskId: number | null };

/**
 * The items in transit at the end of each of `days` (the statement's days in `periods` say which
 * booking days were reconciled at all): two queries for any number of days — the postings that may be
 * open over the range and the statement lines whose booking came later or is on the way — then each
 * day's list in memory by transitSpan.
 */
export async function inTransitAt(
  db: Db | Tx,
  accountNo: string,
  bankId: number | null,
  periods: { from: string; to: string }[],
  dates: IsoDate[],
): Promise<Map<IsoDate, TransitItem[]>> {
  const days = [...new Set(dates)].sort();
  const out = new Map<IsoDate, TransitItem[]>(days.map((d) => [d, []]));
  if (!days.length || !periods.length) return out;
  const [minDay, maxDay] = [days[0], days[days.length - 1]];
  const first = periods.reduce((m, p) => (p.from < m ? p.from : m), periods[0].from);
  const covered = (d: IsoDate) => periods.some((p) => p.from <= d && d <= p.to);
  const candidates: Candidate[] = [];

  if (bankId !== null) {
    // Qualified by hand: drizzle writes a single source's columns unqualified, and `id` would mean the subquery's own line.
    const postingId = sql`${sql.identifier(journalLineDirectory._.alias)}.${sql.identifier(journalLineDirectory.id.name)}`;
    const seen = sql<
      string | null
    >`(select ${bankStatementLines.bookDate}::text from ${bankStatementLines} where ${bankStatementLines.journalLineId} = ${postingId})`;
    const seenAfterMin = exists(
      sql`(select 1 from ${bankStatementLines} where ${bankStatementLines.journalLineId} = ${postingId} and ${bankStatementLines.bookDate} > ${minDay}::date)`,
    );
    const ledger = await db
      .select({ ...bankPostingColumns, seen })
      .from(journalLineDirectory)
      .where(
        and(
          eq(journalLineDirectory.accountId, bankId),
          lt(journalLineDirectory.createdAt, chinaStartOfDay(addDays(maxDay, 1))),
          or(and(sql`${journalLineDirectory.createdAt} >= ${chinaStartOfDay(first)}`, sql`${seen} is null`), seenAfterMin),
        ),
      );
    for (const j of ledger) {
      const booked = chinaDate(j.createdAt);
      const span = transitSpan({ booked, seen: j.seen, bookedDayCovered: covered(booked) });
      // A posting the bank showed first is the statement line's item (read below), never counted twice.
      if (span?.source !== 'LEDGER') continue;
      candidates.push({
        source: span.source,
        lineId: null,
        journalLineId: j.id,
        direction: j.side === 'D' ? 'IN' : 'OUT',
        amount: j.amount,
        counterpartyName: j.counterpartyName,
        counterpartyAccount: j.counterpartyAccount,
        memo: j.memo,
        since: span.since,
        clearsOn: span.until,
        span,
        taskId: null,
      });
    }
  }

  const booked = chinaDateSql(journalLineDirectory.createdAt);
  const lines = await db
    .select({
      id: bankStatementLines.id,
      bookDate: bankStatementLines.bookDate,
      direction: bankStatementLines.direction,
      amount: bankStatementLines.amount,
      counterpartyName: bankStatementLines.counterpartyName,
      counterpartyAccount: bankStatementLines.counterpartyAccount,
      memo: bankStatementLines.memo,
      remark: bankStatementLines.remark,
      status: bankStatementLines.status,
      taskId: bankStatementLines.taskId,
      journalLineId: bankStatementLines.journalLineId,
      booked: sql<string | null>`${booked}::text`,
    })
    .from(bankStatementLines)
    .leftJoin(journalLineDirectory, eq(journalLineDirectory.id, bankStatementLines.journalLineId))
    .where(
      and(
        eq(bankStatementLines.accountNo, accountNo),
        sql`${bankStatementLines.bookDate} <= ${maxDay}::date`,
        or(
          and(eq(bankStatementLines.status, 'PENDING'), sql`${bankStatementLines.journalLineId} is null`),
          and(gt(booked, bankStatementLines.bookDate), sql`${booked} > ${minDay}::date`),
        ),
      ),
    );
  for (const l of lines) {
    const span = transitSpan({
      booked: l.booked,
      seen: l.bookDate,
      awaitingBooking: l.status === 'PENDING' && l.journalLineId === null,
    });
    if (span?.source !== 'STATEMENT') continue;
    candidates.push({
      source: span.source,
      lineId: l.id,
      journalLineId: l.journalLineId,
      direction: l.direction === 'CREDIT' ? 'IN' : 'OUT',
      amount: l.amount,
      counterpartyName: l.counterpartyName,
      counterpartyAccount: l.counterpartyAccount,
      memo: [l.memo, l.remark].filter(Boolean).join(' / ') || null,
      since: span.since,
      clearsOn: span.until,
      span,
      taskId: l.taskId,
    });
  }

  candidates.sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : (a.journalLineId ?? 0) - (b.journalLineId ?? 0)));
  for (const day of days)
    for (const { span, taskId, ...c } of candidates)
      if (inTransitOn(span, day)) out.get(day)!.push({ ...c, ageDays: daysBetween(c.since, day), reason: transitReason(c, taskId) });
  return out;
}

function transitReason(c: Pick<TransitItem, 'source' | 'since' | 'clearsOn'>, taskId: number | null) {
  if (c.source === 'LEDGER')
    return c.clearsOn ? `账簿 ${c.since} 已记账，银行于 ${c.clearsOn} 记账` : `账簿 ${c.since} 已记账，对账单中尚未出现`;
  return c.clearsOn
    ? `银行 ${c.since} 已记账，账簿于 ${c.clearsOn} 记账`
    : `银行 ${c.since} 已记账，待复核${taskId ? `（任务 #${taskId}）` : ''}，尚未入账`;
}

/** The net of items in transit as the day's difference counts it: the statement's side in, the ledger's side out. */
export const transitNet = (items: Pick<TransitItem, 'source' | 'direction' | 'amount'>[]) =>
  items.reduce((s, i) => s + (i.source === 'STATEMENT' ? 1 : -1) * (i.direction === 'IN' ? i.amount : -i.amount), 0);
