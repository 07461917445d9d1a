import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { psOrders } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { addressedTo } from '../store.ts';

/**
 * Orders another portal enterprise sent to the scope's enterprise that wait for its confirmation — the
 * to-do on its home page and the overview's notice, whatever its own purchase/sales switch (issue 24).
 */
export async function ordersToConfirm(db: Db, scope: EnterpriseScope): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(psOrders)
    .where(and(eq(psOrders.status, 'SUBMITTED'), addressedTo(scope.enterpriseId)));
  return Number(n);
}
