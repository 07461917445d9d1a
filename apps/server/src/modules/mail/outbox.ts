import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';

/** The outbox for operators, newest first. */
export async function listOutbox(db: Db, q: PageQuery) {
  const [items, [{ total }]] = await Promise.all([
    db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(q.size).offset(offsetOf(q)),
    db.select({ total: count() }).from(outbox),
  ]);
  return { items, total };
}
