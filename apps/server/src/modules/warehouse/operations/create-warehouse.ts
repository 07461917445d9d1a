// A warehouse company creates one of its own warehouses (the lists: queries/warehouses.ts).
import type { warehouseInputSchema } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { warehouses } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';

export async function createWarehouse(db: Db, scope: EnterpriseScope, input: z.output<typeof warehouseInputSchema>) {
  const [clash] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.name, input.name));
  if (clash) throw new BusinessError('已存在同名仓库', 'WAREHOUSE_DUPLICATE');
  const [row] = await db
    .insert(warehouses)
    .values({ ...input, storageGuide: input.storageGuide || null, companyId: scope.enterpriseId })
    .returning({ id: warehouses.id });
  return { id: row!.id };
}
