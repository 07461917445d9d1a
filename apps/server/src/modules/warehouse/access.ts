// Who may see and change which stock (issue 13): a depositor sees its own stock; a warehouse company
// sees — and records movements of — the stock in its own warehouses; an operator sees everything.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { stockPositions, warehouseLocations, warehouses } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import type { EnterpriseScope, Scope } from '../../lib/scope.ts';

/** Row filter for stock (positions, movements, receipts joined with their warehouse). */
export function stockVisibleTo(scope: Scope, depositorColumn: PgColumn = stockPositions.depositorId): SQL {
  if (scope.kind === 'operator') return sql`true`;
  return or(eq(depositorColumn, scope.enterpriseId), eq(warehouses.companyId, scope.enterpriseId))!;
}

/**
 * The scope's filter on tables carrying warehouse and depositor ids, without joining warehouses: a warehouse
 * company's own warehouse ids are read once (a handful), and the returned rule puts them on any such table's
 * columns — two indexed columns, so a newest-first page can walk its index instead of sorting the whole ledger.
 */
export async function stockVisibleOnColumns(
  db: Db | Tx,
  scope: Scope,
): Promise<(warehouseColumn: PgColumn, depositorColumn: PgColumn) => SQL> {
  if (scope.kind === 'operator') return () => sql`true`;
  const own = (await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, scope.enterpriseId))).map(
    (w) => w.id,
  );
  return (warehouseColumn, depositorColumn) =>
    own.length ? or(inArray(warehouseColumn, own), eq(depositorColumn, scope.enterpriseId))! : eq(depositorColumn, scope.enterpriseId);
}

/** A warehouse company's own warehouse (to record stock in it); any other is "not found". */
export async function ownWarehouse(tx: Db | Tx, scope: EnterpriseScope, warehouseId: number) {
  const [row] = await tx
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.id, warehouseId), eq(warehouses.companyId, scope.enterpriseId)));
  if (!row) throw new NotFoundError('仓库不存在或不属于本仓储公司');
  return row;
}

/** A location, which must lie in the given warehouse. */
export async function locationIn(tx: Db | Tx, warehouseId: number, locationId: number) {
  const [row] = await tx.select().from(warehouseLocations).where(eq(warehouseLocations.id, locationId));
  if (!row || row.warehouseId !== warehouseId) throw new BusinessError('所选库位不属于该仓库，请重新选择库位', 'LOCATION_NOT_IN_WAREHOUSE');
  return row;
}

/** A position in one of the warehouse company's own warehouses; another company's stock is "not found". */
export async function ownPosition(tx: Db | Tx, scope: EnterpriseScope, positionId: number) {
  const [row] = await tx
    .select({ position: stockPositions, warehouse: warehouses })
    .from(stockPositions)
    .innerJoin(warehouses, eq(warehouses.id, stockPositions.warehouseId))
    .where(and(eq(stockPositions.id, positionId), eq(warehouses.companyId, scope.enterpriseId)));
  if (!row) throw new NotFoundError('库存记录不存在或不属于本仓储公司');
  return row;
}

/** Refuses users who are not a warehouse company's (ckFlag = 'Y'). */
export function assertWarehouseUser(scope: Scope): asserts scope is EnterpriseScope {
  if (scope.kind !== 'enterprise' || !scope.warehouse) throw Object.assign(new Error('没有访问权限'), { statusCode: 403 });
}
