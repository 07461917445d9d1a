import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bankStatementLines, paymentBatches, paymentBatchItems } from '../../../db/schema/index.ts';
import { offsetOf, type PageQuery } from '../../../lib/paging.ts';
import { userDirectory } from '../../account/index.ts';

export async function listBatches(db: Db, q: PageQuery) {
  const rows = await db
    .select({
      id: paymentBatches.id,
      batchNo: paymentBatches.batchNo,
      itemCount: paymentBatches.itemCount,
      totalAmount: paymentBatches.totalAmount,
      createdAt: paymentBatches.createdAt,
      createdByName: userDirectory.displayName,
      paidCount: sql<number>`(select count(*) from ${paymentBatchItems} i join ${bankStatementLines} b on b.journal_line_id = i.journal_line_id where i.batch_id = ${paymentBatches.id})::int`,
    })
    .from(paymentBatches)
    .leftJoin(userDirectory, eq(userDirectory.id, paymentBatches.createdBy))
    .orderBy(desc(paymentBatches.id))
    .limit(q.size)
    .offset(offsetOf(q));
  const [{ n }] = await db.select({ n: count() }).from(paymentBatches);
  return {
    items: rows.map((r) => ({ ...r, paidCount: Number(r.paidCount), createdAt: r.createdAt.toISOString() })),
    totalCount: Number(n),
  };
}
