// The goods catalogue (/warehouse/maintainName): name, specification, unit (with its decimals),
// category, optional standard weight. Every warehouse company reads the whole catalogue; an item
// belongs to the company that created it, and only that company changes, disables or deletes it
// (issue 21). A goods item with stock is disabled, never deleted, and never renamed in place: a
// change of its name, specification or unit makes a new version, so stock, receipts and pledges keep
// naming what they were made with.
import { goodsLifecycle, type GoodsStatus } from '@factoring/domain';
import type { goodsInputSchema, goodsListQuerySchema } from '@factoring/domain/contract';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { goods, stockPositions } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import type { EnterpriseScope, Scope } from '../../lib/scope.ts';
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
  version: goods.version,
  ownerId: goods.ownerId,
  ownerName: enterpriseDirectory.name,
  inUse,
};

export async function listGoods(db: Db, scope: Scope, query: z.output<typeof goodsListQuerySchema>) {
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
      .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, goods.ownerId))
      .where(where)
      .orderBy(asc(goods.category), asc(goods.name), asc(goods.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(goods).where(where),
  ]);
  const mine = (ownerId: number | null) => scope.kind === 'enterprise' && ownerId === scope.enterpriseId;
  return {
    items: items.map((g) => ({ ...g, ownerName: g.ownerName ?? '平台', inUse: Boolean(g.inUse), editable: mine(g.ownerId) })),
    totalCount: total?.n ?? 0,
  };
}

/** A goods item the warehouse company owns; another company's item is "not found" to it. */
async function ownGoods(db: Db, scope: EnterpriseScope, id: number) {
  const [row] = await db
    .select()
    .from(goods)
    .where(and(eq(goods.id, id), eq(goods.ownerId, scope.enterpriseId)));
  if (!row) throw new NotFoundError('商品不存在或不属于本仓储公司');
  return row;
}

/** Active items of one owner are unique by name and specification. */
async function assertUniqueName(db: Db | Tx, ownerId: number, input: GoodsInput, exceptId?: number) {
  const [clash] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        eq(goods.ownerId, ownerId),
        eq(goods.status, 'ACTIVE'),
        sql`lower(${goods.name}) = lower(${input.name})`,
        sql`coalesce(lower(${goods.specification}), '') = lower(${input.specification ?? ''})`,
      ),
    );
  if (clash && clash.id !== exceptId) throw new BusinessError('已存在同名同规格的商品', 'GOODS_DUPLICATE');
}

const valuesOf = (input: GoodsInput) => ({
  ...input,
  specification: input.specification || null,
  standardWeight: input.standardWeight ?? null,
});

export async function createGoods(db: Db, scope: EnterpriseScope, input: GoodsInput) {
  await assertUniqueName(db, scope.enterpriseId, input);
  const [row] = await db
    .insert(goods)
    .values({ ...valuesOf(input), ownerId: scope.enterpriseId, createdBy: scope.userId })
    .returning({ id: goods.id });
  return { id: row!.id };
}

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

export async function setGoodsStatus(db: Db, scope: EnterpriseScope, id: number, to: GoodsStatus) {
  const current = await ownGoods(db, scope, id);
  if (to === 'ACTIVE')
    await assertUniqueName(db, scope.enterpriseId, { ...current, specification: current.specification ?? undefined } as GoodsInput, id);
  return db.transaction((tx) => transition(tx, goods, goodsLifecycle, current, to));
}

/** Deletes an unused goods item; one with stock history is refused (disable it instead). */
export async function deleteGoods(db: Db, scope: EnterpriseScope, id: number) {
  await ownGoods(db, scope, id);
  const [used] = await db.select({ n: count() }).from(stockPositions).where(eq(stockPositions.goodsId, id));
  if ((used?.n ?? 0) > 0) throw new BusinessError('该商品已有库存记录，不能删除，只能停用', 'GOODS_IN_USE');
  await db.delete(goods).where(eq(goods.id, id));
  return { id };
}

/** A goods item of the catalogue as other areas read it (issue 35: through the face, not the table). */
export type GoodsItem = typeof goods.$inferSelect;

/**
 * One goods item by id, or undefined. `lock` takes its row `FOR UPDATE` in the caller's transaction: a
 * goods pledge serialises its price changes on it.
 */
export async function goodsItem(db: Db | Tx, id: number, options: { lock?: boolean } = {}): Promise<GoodsItem | undefined> {
  const q = db.select().from(goods).where(eq(goods.id, id));
  const [row] = options.lock ? await q.for('update') : await q;
  return row;
}
