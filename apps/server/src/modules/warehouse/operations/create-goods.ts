// A warehouse company adds an item to the goods catalogue (the catalogue's rules: goods.ts).
import type { Db } from '../../../db/client.ts';
import { goods } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { assertUniqueName, valuesOf, type GoodsInput } from '../goods.ts';

export async function createGoods(db: Db, scope: EnterpriseScope, input: GoodsInput) {
  await assertUniqueName(db, scope.enterpriseId, input);
  const [row] = await db
    .insert(goods)
    .values({ ...valuesOf(input), ownerId: scope.enterpriseId, createdBy: scope.userId })
    .returning({ id: goods.id });
  return { id: row!.id };
}
