// A warehouse company deletes its own unused goods item (the catalogue's rules: goods.ts).
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { goods, stockPositions } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { ownGoods } from '../goods.ts';

/** Deletes an unused goods item; one with stock history is refused (disable it instead). */
export async function deleteGoods(db: Db, scope: EnterpriseScope, id: number) {
  await ownGoods(db, scope, id);
  const [used] = await db.select({ n: count() }).from(stockPositions).where(eq(stockPositions.goodsId, id));
  if ((used?.n ?? 0) > 0) throw new BusinessError('该商品已有库存记录，不能删除，只能停用', 'GOODS_IN_USE');
  await db.delete(goods).where(eq(goods.id, id));
  return { id };
}
