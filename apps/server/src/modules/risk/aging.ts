// Aging (issue 27): principal outstanding by days past due on the server clock's day — current, 1–30,
// 31–60, 61–90 and over 90 days, the last non-performing (银保监办发〔2019〕205号) — per product and
// borrower, with the risk reserve the book requires (at least 1 % of the factoring balance plus each
// bucket's specific rate, rounded up to the cent) beside the reserve booked.
import { AGING_BUCKETS, RISK_PRODUCT_LABELS, RISK_RESERVE_MIN_PPM, type AgingAnswer, type AgingBucket } from '@factoring/domain/contract';
import type { IsoDate } from '@factoring/domain';
import type { Db } from '../../db/client.ts';
import { bookOn, financingView, type Book, type Position } from './book.ts';
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

/** Aging on the day; `book`, when the caller has read it already (the daily snapshot). */
export async function aging(db: Db, asOf: IsoDate, book?: Book): Promise<AgingAnswer> {
  const { factor, bank } = book ?? (await bookOn(db, asOf));
  const { reserveRatesPpm } = await readRiskLimits(db);
  const total = rowOf('TOTAL', '保理账簿合计', factor);
  const byProduct = (['INVOICE', 'ORDER', 'PLEDGE'] as const).map((p) =>
    rowOf(
      p,
      RISK_PRODUCT_LABELS[p],
      factor.filter((f) => f.product === p),
    ),
  );
  return {
    asOf,
    byProduct,
    byBorrower: rowsBy(factor, (p) => [String(p.borrowerId), p.borrowerName]),
    total,
    bankBook: rowOf('CLOUD', RISK_PRODUCT_LABELS.CLOUD, bank),
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
