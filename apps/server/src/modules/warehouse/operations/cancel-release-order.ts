// The quantity-ledger API for other modules (service.ts: the caller's transaction, the lock order):
// cancelling an open release order.
import { releaseOrderLifecycle } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { releaseOrders } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';

export async function cancelReleaseOrder(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(releaseOrders).where(eq(releaseOrders.id, orderId)).for('update');
  if (!order) throw new BusinessError('放货指令不存在', 'RELEASE_ORDER_NOT_FOUND');
  await transition(tx, releaseOrders, releaseOrderLifecycle, order, 'CANCELLED');
}
