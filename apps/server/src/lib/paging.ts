import { z } from 'zod';

/** `page` and `size` of the SPEC's paged contract (page is 1-based). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(10),
});
export type PageQuery = z.output<typeof pageQuery>;

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.size;
