// The operator's decision on a stock-take's differences (the WAREHOUSE_STOCK_TAKE task that
// submit-stock-take.ts opens): approved, they become adjustment movements; rejected, nothing moves.
import { qty, stockTakeLifecycle, toQuantityText } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { stockTakes } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import { nextNumber, postMovements, type Actor } from '../stock-ledger.ts';
import { now } from '../../../lib/clock.ts';

/**
 * Operator approval: each difference becomes an adjustment movement. A loss can only be taken from
 * the available quantity; one that exceeds it is refused (the task stays pending) until the pledge
 * is released or the receipt cancelled — pledged goods are never reduced silently.
 */
export async function approveStockTake(tx: Tx, stockTakeId: number, actor: Actor) {
  const [take] = await tx.select().from(stockTakes).where(eq(stockTakes.id, stockTakeId)).for('update');
  if (!take) throw new BusinessError('盘点记录不存在', 'STOCK_TAKE_NOT_FOUND');
  const legs = take.lines
    .filter((l) => !qty(l.difference).isZero())
    .map((l) => ({
      positionId: l.positionId,
      kind: qty(l.difference).gt(0) ? ('ADJUST_GAIN' as const) : ('ADJUST_LOSS' as const),
      quantity: toQuantityText(qty(l.difference).abs()),
    }));
  const operationNo = await nextNumber(tx, 'operation');
  try {
    await postMovements(tx, legs, {
      operationNo,
      reference: `STOCK_TAKE:${take.id}`,
      documentNo: take.takeNo,
      note: '盘点调整（运营审批）',
      actor,
      occurredOn: take.countedOn,
    });
  } catch (err) {
    if (err instanceof BusinessError && err.code === 'STOCK_NOT_AVAILABLE') {
      throw new BusinessError(
        `盘亏超过当前可用数量，涉及质押或仓单项下的货物，不能直接调整：请先由融资方解除质押或注销仓单后再审批。${err.message}`,
        'STOCK_TAKE_TOUCHES_PLEDGE',
      );
    }
    throw err;
  }
  await transition(tx, stockTakes, stockTakeLifecycle, take, 'APPROVED', { decidedBy: actor.id, decidedAt: now() });
  return { before: { status: take.status }, after: { status: 'APPROVED', operationNo } };
}

export async function rejectStockTake(tx: Tx, stockTakeId: number, actor: Actor) {
  const [take] = await tx.select().from(stockTakes).where(eq(stockTakes.id, stockTakeId)).for('update');
  if (!take) throw new BusinessError('盘点记录不存在', 'STOCK_TAKE_NOT_FOUND');
  await transition(tx, stockTakes, stockTakeLifecycle, take, 'REJECTED', { decidedBy: actor.id, decidedAt: now() });
  return { before: { status: take.status }, after: { status: 'REJECTED' } };
}
