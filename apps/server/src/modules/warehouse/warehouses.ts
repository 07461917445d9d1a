// Warehouses and their locations. Every logged-in enterprise sees the supervised warehouses
// (/pledge/goodsGuide); a warehouse company creates and maintains its own.
import type { locationInputSchema, warehouseInputSchema } from '@factoring/domain/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { warehouseLocations, warehouses } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { ownWarehouse } from './access.ts';

async function withLocations(db: Db, rows: (typeof warehouses.$inferSelect & { companyName: string })[]) {
  const ids = rows.map((r) => r.id);
  const locations = ids.length
    ? await db.select().from(warehouseLocations).where(inArray(warehouseLocations.warehouseId, ids)).orderBy(asc(warehouseLocations.code))
    : [];
  return rows.map((w) => ({
    id: w.id,
    name: w.name,
    address: w.address,
    region: w.region,
    companyId: w.companyId,
    companyName: w.companyName,
    contactName: w.contactName,
    contactPhone: w.contactPhone,
    acceptedCategories: w.acceptedCategories,
    storageGuide: w.storageGuide,
    locations: locations
      .filter((l) => l.warehouseId === w.id)
      .map((l) => ({ id: l.id, warehouseId: l.warehouseId, code: l.code, name: l.name })),
  }));
}

/** The supervised warehouses, for every logged-in user (the goods guide). */
export async function listSupervisedWarehouses(db: Db) {
  const rows = await db
    .select({ w: warehouses, companyName: enterpriseDirectory.name })
    .from(warehouses)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, warehouses.companyId))
    .where(eq(warehouses.supervised, true))
    .orderBy(asc(warehouses.id));
  return withLocations(
    db,
    rows.map((r) => ({ ...r.w, companyName: r.companyName })),
  );
}

/** The warehouse company's own warehouses, with locations. */
export async function listOwnWarehouses(db: Db, scope: EnterpriseScope) {
  const rows = await db
    .select({ w: warehouses, companyName: enterpriseDirectory.name })
    .from(warehouses)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, warehouses.companyId))
    .where(eq(warehouses.companyId, scope.enterpriseId))
    .orderBy(asc(warehouses.id));
  return withLocations(
    db,
    rows.map((r) => ({ ...r.w, companyName: r.companyName })),
  );
}

export async function createWarehouse(db: Db, scope: EnterpriseScope, input: z.output<typeof warehouseInputSchema>) {
  const [clash] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.name, input.name));
  if (clash) throw new BusinessError('已存在同名仓库', 'WAREHOUSE_DUPLICATE');
  const [row] = await db
    .insert(warehouses)
    .values({ ...input, storageGuide: input.storageGuide || null, companyId: scope.enterpriseId })
    .returning({ id: warehouses.id });
  return { id: row!.id };
}

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
