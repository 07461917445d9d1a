// A warehouse company changes its own goods item — in place, or as a new version once stock names it
// (the catalogue's rules: goods.ts).
import { goodsLifecycle } from '@factoring/domain';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { goods, stockPositions } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { assertUniqueName, valuesOf, type GoodsInput } from '../goods.ts';

/** What stock and receipts print: it never changes in place once used. */
const identityChanged = (current: typeof goods.$inferSelect, input: GoodsInput) =>
  current.name !== input.name ||
  (current.specification ?? '') !== (input.specification ?? '') ||
  current.unit !== input.unit ||
  current.scale !== input.scale;

/**
 * Saves a change. An unused item changes in place; an item that stock names keeps what it says —
 * a change of name, specification or unit makes a new version (the old one is disabled, so new stock
 * uses the new one, while existing stock, receipts and pledges keep naming the old one).
 */
export async function updateGoods(db: Db, scope: EnterpriseScope, id: number, input: GoodsInput) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(goods)
      .where(and(eq(goods.id, id), eq(goods.ownerId, scope.enterpriseId)))
      .for('update');
    if (!current) throw new NotFoundError('商品不存在或不属于本仓储公司');
    const [used] = await tx.select({ n: count() }).from(stockPositions).where(eq(stockPositions.goodsId, id));
    if ((used?.n ?? 0) === 0 || !identityChanged(current, input)) {
      await assertUniqueName(tx, scope.enterpriseId, input, id);
      await tx.update(goods).set(valuesOf(input)).where(eq(goods.id, id));
      return { id, version: current.version, newVersion: false };
    }
    if (current.status !== 'ACTIVE') throw new BusinessError('已停用的商品不能修改，请新增商品', 'GOODS_DISABLED');
    await transition(tx, goods, goodsLifecycle, current, 'DISABLED');
    await assertUniqueName(tx, scope.enterpriseId, input);
    const version = current.version + 1;
    const [row] = await tx
      .insert(goods)
      .values({ ...valuesOf(input), ownerId: scope.enterpriseId, createdBy: scope.userId, version, previousId: current.id })
      .returning({ id: goods.id });
    return { id: row!.id, version, newVersion: true, previousId: current.id };
  });
}
