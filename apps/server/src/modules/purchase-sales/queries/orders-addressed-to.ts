import type { Db } from '../../../db/client.ts';
import { psOrders } from '../../../db/schema/index.ts';
import { addressedTo } from '../store.ts';

/** Whether any order was ever sent to the enterprise: its users then reach the orders addressed to it (menu, issue 24). */
export async function hasOrdersAddressedTo(db: Db, enterpriseId: number): Promise<boolean> {
  const [row] = await db.select({ id: psOrders.id }).from(psOrders).where(addressedTo(enterpriseId)).limit(1);
  return row !== undefined;
}
