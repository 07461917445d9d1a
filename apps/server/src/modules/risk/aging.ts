// Aging (issue 27): principal outstanding by days past due on the server clock's day — current, 1–30,
// 31–60, 61–90 and over 90 days, the last non-performing (银保监办发〔2019〕205号) — per product and
// borrower, with the risk reserve the book requires (at least 1 % of the factoring balance plus each
// bucket's specific rate, rounded up to the cent) beside the reserve booked.
import { AGING_BUCKETS, RISK_RESERVE_MIN_PPM, type AgingAnswer, type AgingBucket } from '@factoring/domain/contract';
import type { IsoDate } from '@factoring/domain';
import type { Db, Tx } from '../../db/client.ts';
import { financingView, type Book, type Position } from './book.ts';
import { readRiskLimits } from './limits.ts';
import { bookedReserve, reserveOf } from './reserve.ts';

const emptyBuckets = () => Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;

function rowOf(key: string, label: string, ps: Position[]) {
  const buckets = emptyBuckets();
  for (const p of ps) buckets[p.bucket] += p.principal;
  const npl = ps.filter((p) => p.nonPerforming);
  return {
    key,
    label,
    buckets,
    total: ps.reduce((s, p) => s + p.principal, 0),
    nonPerforming: npl.reduce((s, p) => s + p.principal, 0),
    nonPerformingCount: npl.length,
  };
}

function rowsBy(ps: Position[], keyOf: (p: Position) => [string, string]) {
  const groups = new Map<string, { label: string; items: Position[] }>();
  for (const p of ps) {
    const [key, label] = keyOf(p);
    const g = groups.get(key) ?? { label, items: [] };
    g.items.push(p);
    groups.set(key, g);
  }
  return [...groups]
    .map(([key, g]) => rowOf(key, g.label, g.items))
    .sort((a, b) => b.nonPerforming - a.nonPerforming || b.total - a.total || a.label.localeCompare(b.label));
}

/** Aging on the day of `book`. */
export async function aging(db: Db | Tx, asOf: IsoDate, book: Book): Promise<AgingAnswer> {
  const { factor, bank } = book;
  const { reserveRatesPpm } = await readRiskLimits(db);
  const total = rowOf('TOTAL', '保理账簿合计', factor);
  const byProduct = book.lines
    .filter((l) => l.side === 'FACTOR')
    .map((l) =>
      rowOf(
        l.code,
        l.label,
        factor.filter((f) => f.product === l.code),
      ),
    );
  const bankLines = book.lines.filter((l) => l.side === 'BANK');
  return {
    asOf,
    byProduct,
    byBorrower: rowsBy(factor, (p) => [String(p.borrowerId), p.borrowerName]),
    total,
    bankBook: rowOf('BANK', bankLines.map((l) => l.label).join('、') || '银行账簿', bank),
    nonPerformingRatioPpm: total.total > 0 ? Math.round((total.nonPerforming * 1_000_000) / total.total) : 0,
    factoringBalance: total.total,
    reserveRatePpm: RISK_RESERVE_MIN_PPM,
    ...reserveOf(total.buckets, reserveRatesPpm),
    bookedReserve: await bookedReserve(db),
    pastDue: [...factor, ...bank]
      .filter((p) => p.daysPastDue > 0)
      .sort((a, b) => b.daysPastDue - a.daysPastDue || a.id - b.id)
      .map(financingView),
  };
}
