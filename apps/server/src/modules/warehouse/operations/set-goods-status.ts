// A warehouse company disables or enables its own goods item (the catalogue's rules: goods.ts).
import { goodsLifecycle, type GoodsStatus } from '@factoring/domain';
import type { Db } from '../../../db/client.ts';
import { goods } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { assertUniqueName, ownGoods, type GoodsInput } from '../goods.ts';

export async function setGoodsStatus(db: Db, scope: EnterpriseScope, id: number, to: GoodsStatus) {
  const current = await ownGoods(db, scope, id);
  if (to === 'ACTIVE')
    await assertUniqueName(db, scope.enterpriseId, { ...current, specification: current.specification ?? undefined } as GoodsInput, id);
  return db.transaction((tx) => transition(tx, goods, goodsLifecycle, current, to));
}
