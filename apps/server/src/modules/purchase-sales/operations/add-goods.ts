import type { catalogueInputSchema } from '@factoring/domain/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { psGoods } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { view } from '../goods-view.ts';

/** Adds goods to the catalogue; the same name and specification twice is refused. */
export async function addGoods(db: Db, scope: EnterpriseScope, input: z.output<typeof catalogueInputSchema>) {
  const [row] = await db
    .insert(psGoods)
    .values({
      enterpriseId: scope.enterpriseId,
      name: input.name,
      spec: input.spec ?? '',
      unit: input.unit,
      taxRatePpm: input.taxRatePpm,
      unitPrice: input.unitPrice ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new BusinessError('商品目录中已有同名同规格的商品', 'DUPLICATE_GOODS');
  return view(row);
}
