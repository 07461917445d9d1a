// The goods catalogue (/warehouse/maintainName): name, specification, unit (with its decimals),
// category, optional standard weight. Every warehouse company reads the whole catalogue; an item
// belongs to the company that created it, and only that company changes, disables or deletes it
// (issue 21). A goods item with stock is disabled, never deleted, and never renamed in place: a
// change of its name, specification or unit makes a new version, so stock, receipts and pledges keep
// naming what they were made with. This file keeps the catalogue's shared rules; its operations are in
// operations/ (create-goods, update-goods, set-goods-status, delete-goods), its reads in queries/
// (list-goods, goods-item).
import type { goodsInputSchema } from '@factoring/domain/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { goods } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';

export type GoodsInput = z.output<typeof goodsInputSchema>;

/** A goods item the warehouse company owns; another company's item is "not found" to it. */
export async function ownGoods(db: Db, scope: EnterpriseScope, id: number) {
  const [row] = await db
    .select()
    .from(goods)
    .where(and(eq(goods.id, id), eq(goods.ownerId, scope.enterpriseId)));
  if (!row) throw new NotFoundError('商品不存在或不属于本仓储公司');
  return row;
}

/** Active items of one owner are unique by name and specification. */
export async function assertUniqueName(db: Db | Tx, ownerId: number, input: GoodsInput, exceptId?: number) {
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

export const valuesOf = (input: GoodsInput) => ({
  ...input,
  specification: input.specification || null,
  standardWeight: input.standardWeight ?? null,
});
