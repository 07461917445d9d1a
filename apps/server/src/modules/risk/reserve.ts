// The risk reserve's figures (issue 27): what the book requires — the general reserve, at least 1 % of
// the factoring balance, plus each aging bucket's specific reserve at the rates set in 限额设置, each
// rounded up to the cent — and what is booked, the balance of the ledger account RISK_RESERVE.
import { AGING_BUCKET_LABELS, AGING_BUCKETS, RISK_RESERVE_MIN_PPM, type AgingBucket, type ReserveLine } from '@factoring/domain/contract';
import type { Db, Tx } from '../../db/client.ts';
import { factorAccountBalance } from '../ledger/index.ts';

/** ⌈amount × rate⌉ in cents: a reserve is never under its rate. */
export const requiredReserveOf = (amount: number, ratePpm = RISK_RESERVE_MIN_PPM) => Math.ceil((amount * ratePpm) / 1_000_000);

/** Principal by bucket of a set of positions. */
export function bucketsOf(ps: readonly { bucket: AgingBucket; principal: number }[]): Record<AgingBucket, number> {
  const buckets = Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;
  for (const p of ps) buckets[p.bucket] += p.principal;
  return buckets;
}

export interface RequiredReserve {
  generalReserve: number;
  reserveByBucket: ReserveLine[];
  requiredReserve: number;
}

/** The reserve a book requires from its principal by bucket and the factor's rates per bucket. */
export function reserveOf(buckets: Record<AgingBucket, number>, ratesPpm: Record<AgingBucket, number>): RequiredReserve {
  const balance = AGING_BUCKETS.reduce((s, b) => s + buckets[b], 0);
  const generalReserve = requiredReserveOf(balance);
  const reserveByBucket = AGING_BUCKETS.map((bucket) => ({
    bucket,
    label: AGING_BUCKET_LABELS[bucket],
    principal: buckets[bucket],
    ratePpm: ratesPpm[bucket],
    reserve: requiredReserveOf(buckets[bucket], ratesPpm[bucket]),
  }));
  return { generalReserve, reserveByBucket, requiredReserve: reserveByBucket.reduce((s, l) => s + l.reserve, generalReserve) };
}

/** The reserve booked: the balance of RISK_RESERVE (on its credit side). */
export async function bookedReserve(db: Db | Tx): Promise<number> {
  return factorAccountBalance(db, 'RISK_RESERVE');
}
