// A warehouse company adds a location to one of its own warehouses.
import type { locationInputSchema } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { warehouseLocations } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { ownWarehouse } from '../access.ts';

export async function createLocation(db: Db, scope: EnterpriseScope, input: z.output<typeof locationInputSchema>) {
  await ownWarehouse(db, scope, input.warehouseId);
  const existing = await db
    .select({ code: warehouseLocations.code })
    .from(warehouseLocations)
    .where(eq(warehouseLocations.warehouseId, input.warehouseId));
  if (existing.some((l) => l.code.toLowerCase() === input.code.toLowerCase()))
    throw new BusinessError('该仓库已有相同编号的库位', 'LOCATION_DUPLICATE');
  const [row] = await db
    .insert(warehouseLocations)
    .values({ warehouseId: input.warehouseId, code: input.code, name: input.name || null })
    .returning({ id: warehouseLocations.id });
  return { id: row!.id };
}
