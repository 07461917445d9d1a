import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { psGoods } from '../../../db/schema/index.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { view } from '../goods-view.ts';

/** The enterprise's goods catalogue, by name. */
export async function listGoods(db: Db, scope: EnterpriseScope) {
  const rows = await db
    .select()
    .from(psGoods)
    .where(ownedBy(scope, psGoods.enterpriseId))
    .orderBy(asc(psGoods.name), asc(psGoods.id))
    .limit(500);
  return rows.map(view);
}
