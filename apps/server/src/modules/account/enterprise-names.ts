import { asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { enterprises } from '../../db/schema/index.ts';

/**
 * The names of some enterprises, id → name, in id order (issue 35: another area reads them through this
 * face, not the table). An id that is no enterprise is simply absent.
 */
export async function enterpriseNames(db: Db | Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: enterprises.id, name: enterprises.name })
    .from(enterprises)
    .where(inArray(enterprises.id, [...ids]))
    .orderBy(asc(enterprises.id));
  return new Map(rows.map((r) => [r.id, r.name]));
}
