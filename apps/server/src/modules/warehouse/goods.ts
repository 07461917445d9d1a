// The goods catalogue (/warehouse/maintainName): name, specification, unit (with its decimals),
// category, optional standard weight. A goods item with stock is disabled, never deleted.
import { goodsLifecycle, type GoodsStatus } from '@factoring/domain';
import type { goodsInputSchema, goodsListQuerySchema } from '@factoring/domain/contract';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { goods, stockPositions } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { transition } from '../../lib/transition.ts';

type GoodsInput = z.output<typeof goodsInputSchema>;

const inUse = sql<boolean>`exists (select 1 from ${stockPositions} where ${stockPositions.goodsId} = ${goods.id})`;

const columns = {
  id: goods.id,
  name: goods.name,
  specification: goods.specification,
  unit: goods.unit,
  scale: goods.scale,
  category: goods.category,
  standardWeight: goods.standardWeight,
  status: goods.status,
  inUse,
};

export async function listGoods(db: Db, query: z.output<typeof goodsListQuerySchema>) {
  const filters: SQL[] = [];
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(goods.name, like), ilike(goods.specification, like), ilike(goods.category, like))!);
  }
  if (query.status) filters.push(eq(goods.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select(columns)
      .from(goods)
      .where(where)
      .orderBy(asc(goods.category), asc(goods.name), asc(goods.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(goods).where(where),
  ]);
  return { items: items.map((g) => ({ ...g, inUse: Boolean(g.inUse) })), totalCount: total?.n ?? 0 };
}

export async function findGoods(db: Db, id: number) {
  const [row] = await db.select().from(goods).where(eq(goods.id, id));
  if (!row) throw new NotFoundError('商品不存在');
  return row;
}

async function assertUniqueName(db: Db, input: GoodsInput, exceptId?: number) {
  const [clash] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        sql`lower(${goods.name}) = lower(${input.name})`,
        sql`coalesce(lower(${goods.specification}), '') = lower(${input.specification ?? ''})`,
      ),
    );
  if (clash && clash.id !== exceptId) throw new BusinessError('已存在同名同规格的商品', 'GOODS_DUPLICATE');
}

export async function createGoods(db: Db, input: GoodsInput, userId: number) {
  await assertUniqueName(db, input);
  const [row] = await db
    .insert(goods)
    .values({ ...input, specification: input.specification || null, standardWeight: input.standardWeight ?? null, createdBy: userId })
    .returning({ id: goods.id });
  return { id: row!.id };
}

/** Name, specification and category may change; the unit and its decimals only while no stock uses it. */
export async function updateGoods(db: Db, id: number, input: GoodsInput) {
  const current = await findGoods(db, id);
  await assertUniqueName(db, input, id);
  const [used] = await db.select({ n: count() }).from(stockPositions).where(eq(stockPositions.goodsId, id));
  if ((used?.n ?? 0) > 0 && (current.unit !== input.unit || current.scale !== input.scale)) {
    throw new BusinessError('该商品已有库存，不能修改计量单位或小数位', 'GOODS_IN_USE');
  }
  await db
    .update(goods)
    .set({ ...input, specification: input.specification || null, standardWeight: input.standardWeight ?? null })
    .where(eq(goods.id, id));
  return { id };
}

export async function setGoodsStatus(db: Db, id: number, to: GoodsStatus) {
  const current = await findGoods(db, id);
  return db.transaction((tx) => transition(tx, goods, goodsLifecycle, current, to));
}

/** Deletes an unused goods item; one with stock history is refused (disable it instead). */
export async function deleteGoods(db: Db, id: number) {
  await findGoods(db, id);
  const [used] = await db.select({ n: count() }).from(stockPositions).where(eq(stockPositions.goodsId, id));
  if ((used?.n ?? 0) > 0) throw new BusinessError('该商品已有库存记录，不能删除，只能停用', 'GOODS_IN_USE');
  await db.delete(goods).where(eq(goods.id, id));
  return { id };
}
