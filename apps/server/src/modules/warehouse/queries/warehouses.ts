// Warehouses and their locations. Every logged-in enterprise sees the supervised warehouses
// (/pledge/goodsGuide); a warehouse company creates (operations/create-warehouse.ts, create-location.ts)
// and maintains its own.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { warehouseLocations, warehouses } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';

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
