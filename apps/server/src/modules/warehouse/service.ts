// The quantity-ledger API for other modules (goods-pledge financing), README.md's table: pledge, release,
// freeze and unfreeze stock, release orders (operations/pledge-stock.ts, release-pledge.ts, freeze-stock.ts,
// create-release-order.ts, cancel-release-order.ts) and the reads (queries/available-stock.ts,
// live-receipts.ts). Every function runs inside the CALLER's transaction, locks in the module's fixed order
// (receipt → release order → positions by ascending id) and writes immutable movements through
// postMovements. A refused rule throws a BusinessError with a Chinese message and a stable code; the
// caller's transaction then rolls back. This file keeps what those operations share.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { goods, stockPositions, warehouseReceipts } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { quantityFor } from './movement-input.ts';
import { nextNumber, postMovements, type Actor } from './stock-ledger.ts';

export type { Actor, PositionKey } from './stock-ledger.ts';
export { ensurePosition, lockPositions, postMovements } from './stock-ledger.ts';

export const SYSTEM: Actor = { id: null, name: '系统' };

/** What a quantity-ledger operation answers. */
export interface StockOperationResult {
  operationNo: string;
  movementIds: number[];
}

export interface PositionTarget {
  positionId: number;
  /** Decimal text in the goods' unit (checked against its decimals). */
  quantity: string;
  /** The business record behind it, e.g. `PLEDGE:12`; written on the movement. */
  reference: string;
  /** When given, the position must belong to this depositor. */
  depositorId?: number;
  actor?: Actor;
  note?: string;
}

export interface ReceiptTarget {
  receiptId: number;
  reference: string;
  depositorId?: number;
  actor?: Actor;
}

export async function positionWithGoods(tx: Tx, positionId: number, depositorId?: number) {
  const [row] = await tx
    .select({ position: stockPositions, goods })
    .from(stockPositions)
    .innerJoin(goods, eq(goods.id, stockPositions.goodsId))
    .where(eq(stockPositions.id, positionId));
  if (!row || (depositorId !== undefined && row.position.depositorId !== depositorId))
    throw new BusinessError('库存记录不存在', 'POSITION_NOT_FOUND');
  return row;
}

export async function moveBuckets(
  tx: Tx,
  kind: 'PLEDGE' | 'RELEASE' | 'FREEZE' | 'UNFREEZE',
  target: PositionTarget,
): Promise<StockOperationResult> {
  const { goods: item } = await positionWithGoods(tx, target.positionId, target.depositorId);
  const quantity = quantityFor(item, target.quantity, '数量');
  const operationNo = await nextNumber(tx, 'operation');
  const movementIds = await postMovements(tx, [{ positionId: target.positionId, kind, quantity }], {
    operationNo,
    reference: target.reference,
    note: target.note ?? null,
    actor: target.actor ?? SYSTEM,
  });
  return { operationNo, movementIds };
}

/** Locks a receipt row (first in the lock order). */
export async function lockReceipt(tx: Tx, receiptId: number, depositorId?: number) {
  const [row] = await tx.select().from(warehouseReceipts).where(eq(warehouseReceipts.id, receiptId)).for('update');
  if (!row || (depositorId !== undefined && row.holderId !== depositorId)) throw new BusinessError('仓单不存在', 'RECEIPT_NOT_FOUND');
  return row;
}
