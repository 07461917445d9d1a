import type { PageQuery } from '@factoring/domain/contract';

/** `page` (1-based) and `size` of the SPEC's paged contract: `pageQuerySchema` in the contract package. */
export type { PageQuery };

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.size;

/**
 * Which rows a page reads once the list's total is known: from whichever end of the order is nearer
 * (the last page of a million rows is as short a walk as the first), `skip` rows on from that end,
 * `take` rows. `null`: the page lies past the end.
 */
export function pageWindow(q: PageQuery, totalCount: number): { fromOldest: boolean; skip: number; take: number } | null {
  const offset = offsetOf(q);
  if (offset >= totalCount) return null;
  const fromOldest = offset > totalCount - offset - q.size;
  return fromOldest
    ? { fromOldest, skip: Math.max(0, totalCount - offset - q.size), take: Math.min(q.size, totalCount - offset) }
    : { fromOldest, skip: offset, take: q.size };
}
