import { zoneRefusal } from '@factoring/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goods, warehouseLocations, warehouses } from '../../db/schema/index.ts';
import { checkStock } from './queries/stock-check.ts';

/** For tests: the stock:check problems (an empty list when the quantity ledger is proven). */
export async function stockProblems(db: Db): Promise<string[]> {
  return (await checkStock(db)).problems;
}

/** For tests: everything a stock movement changes, so "the quantity ledger is untouched" is one equality. */
export async function stockFingerprint(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select (select count(*) from stock_movements)::bigint as m,
               (select string_agg(id || '=' || available || '/' || pledged || '/' || frozen || '/' || movement_count, ',' order by id) from stock_positions) as p,
               (select string_agg(id || ':' || status || ':' || quantity || ':' || holder_id || ':' || version, ',' order by id) from warehouse_receipts) as r`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return JSON.stringify(result.rows[0]);
}

/** For tests: the first location of a warehouse whose zone (库区) takes the goods — steel to 钢材库区 (issue 24). */
export async function zoneLocationFor(db: Db, warehouseId: number, goodsId: number): Promise<number> {
  const [item] = await db.select().from(goods).where(eq(goods.id, goodsId));
  const [warehouse] = await db.select().from(warehouses).where(eq(warehouses.id, warehouseId));
  const locations = await db
    .select()
    .from(warehouseLocations)
    .where(eq(warehouseLocations.warehouseId, warehouseId))
    .orderBy(asc(warehouseLocations.code));
  const fit = locations.find((l) => zoneRefusal(l, warehouse!.acceptedCategories, item!) === null);
  if (!fit) throw new Error(`no location of warehouse ${warehouseId} takes goods ${goodsId}`);
  return fit.id;
}
