import type { PageQuery } from '@factoring/domain/contract';

/** `page` (1-based) and `size` of the SPEC's paged contract: `pageQuerySchema` in the contract package. */
export type { PageQuery };

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.size;
