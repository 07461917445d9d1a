// The goods catalogue as every warehouse company reads it (the catalogue's rules: goods.ts).
import type { goodsListQuerySchema } from '@factoring/domain/contract';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { goods, stockPositions } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import type { Scope } from '../../../lib/scope.ts';

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
