// The quantity-ledger API for other modules (goods-pledge financing): every function runs inside
// the CALLER's transaction, locks in the module's fixed order (receipt → release order → positions
// by ascending id) and writes immutable movements through postMovements. A refused rule throws a
// BusinessError with a Chinese message and a stable code; the caller's transaction then rolls back.
import { compareQty, qty, receiptLifecycle, releaseOrderLifecycle, toQuantityText, type ReleaseOrderReceiver } from '@factoring/domain';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { goods, releaseOrders, stockPositions, warehouseLocations, warehouseReceipts, warehouses } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { Scope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { stockVisibleTo } from './access.ts';
import { recordReceiptEvent } from './receipt-events.ts';
import { quantityFor } from './stock-in.ts';
import { lockPositions, nextNumber, postMovements, type Actor } from './stock-ledger.ts';
import { now } from '../../lib/clock.ts';

export type { Actor, PositionKey } from './stock-ledger.ts';
export { ensurePosition, lockPositions, postMovements } from './stock-ledger.ts';

const SYSTEM: Actor = { id: null, name: '系统' };

/** What a quantity-ledger operation answers. */
export interface StockOperationResult {
  operationNo: string;
  movementIds: number[];
}

interface PositionTarget {
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

interface ReceiptTarget {
  receiptId: number;
  reference: string;
  depositorId?: number;
  actor?: Actor;
}

async function positionWithGoods(tx: Tx, positionId: number, depositorId?: number) {
  const [row] = await tx
    .select({ position: stockPositions, goods })
    .from(stockPositions)
    .innerJoin(goods, eq(goods.id, stockPositions.goodsId))
    .where(eq(stockPositions.id, positionId));
  if (!row || (depositorId !== undefined && row.position.depositorId !== depositorId))
    throw new BusinessError('库存记录不存在', 'POSITION_NOT_FOUND');
  return row;
}

async function moveBuckets(
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

/**
 * Pledges goods: either a quantity of a position (available → pledged) or a whole live receipt
 * (its frozen quantity → pledged; the receipt becomes PLEDGED with the reference).
 */
export async function pledgeStock(tx: Tx, target: PositionTarget | ReceiptTarget): Promise<StockOperationResult> {
  if ('positionId' in target) return moveBuckets(tx, 'PLEDGE', target);
  const receipt = await lockReceipt(tx, target.receiptId, target.depositorId);
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'PLEDGED', {
    pledgeReference: target.reference,
    updatedAt: now(),
  });
  const operationNo = await nextNumber(tx, 'operation');
  const movementIds = await postMovements(tx, [{ positionId: receipt.positionId, kind: 'RECEIPT_PLEDGE', quantity: receipt.quantity }], {
    operationNo,
    reference: target.reference,
    actor: target.actor ?? SYSTEM,
  });
  await recordReceiptEvent(tx, receipt.id, 'PLEDGE', { reference: target.reference }, target.actor ?? SYSTEM);
  return { operationNo, movementIds };
}

/** Releases pledged goods (pledged → available), or a pledged receipt (pledged → frozen; the receipt is LIVE again). */
export async function releasePledge(tx: Tx, target: PositionTarget | ReceiptTarget): Promise<StockOperationResult> {
  if ('positionId' in target) return moveBuckets(tx, 'RELEASE', target);
  const receipt = await lockReceipt(tx, target.receiptId, target.depositorId);
  if (receipt.pledgeReference !== target.reference) throw new BusinessError('该仓单未质押给此笔业务', 'RECEIPT_PLEDGE_MISMATCH');
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'LIVE', { pledgeReference: null, updatedAt: now() });
  const operationNo = await nextNumber(tx, 'operation');
  const movementIds = await postMovements(tx, [{ positionId: receipt.positionId, kind: 'RECEIPT_RELEASE', quantity: receipt.quantity }], {
    operationNo,
    reference: target.reference,
    actor: target.actor ?? SYSTEM,
  });
  await recordReceiptEvent(tx, receipt.id, 'RELEASE', { reference: target.reference }, target.actor ?? SYSTEM);
  return { operationNo, movementIds };
}

/** Freezes available goods (e.g. a margin call unpaid, a court order): available → frozen. */
export const freezeStock = (tx: Tx, target: PositionTarget) => moveBuckets(tx, 'FREEZE', target);
/** Unfreezes goods frozen by freezeStock: frozen → available. */
export const unfreezeStock = (tx: Tx, target: PositionTarget) => moveBuckets(tx, 'UNFREEZE', target);

/**
 * A release order (放货指令): authorises the warehouse to let `quantity` of a position's available
 * goods leave; the warehouse user's stock-out referencing it consumes it.
 */
export async function createReleaseOrder(
  tx: Tx,
  input: {
    positionId: number;
    quantity: string;
    reference: string;
    pickupPerson?: string;
    /** Who takes delivery (a pledge redemption names a designated signer or a downstream customer). */
    receiver?: ReleaseOrderReceiver;
    depositorId?: number;
  },
): Promise<{ id: number; orderNo: string }> {
  const { goods: item } = await positionWithGoods(tx, input.positionId, input.depositorId);
  const quantity = quantityFor(item, input.quantity, '放货数量');
  const position = (await lockPositions(tx, [input.positionId])).get(input.positionId)!;
  if (compareQty(quantity, position.available) > 0) {
    throw new BusinessError(
      `放货数量超过可用数量 ${toQuantityText(qty(position.available), item.scale)}${item.unit}，请先解除质押`,
      'STOCK_NOT_AVAILABLE',
    );
  }
  const orderNo = await nextNumber(tx, 'releaseOrder');
  const [row] = await tx
    .insert(releaseOrders)
    .values({
      orderNo,
      positionId: input.positionId,
      quantity,
      reference: input.reference,
      pickupPerson: input.pickupPerson ?? null,
      receiver: input.receiver ?? null,
    })
    .returning({ id: releaseOrders.id });
  return { id: row!.id, orderNo };
}

export async function cancelReleaseOrder(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(releaseOrders).where(eq(releaseOrders.id, orderId)).for('update');
  if (!order) throw new BusinessError('放货指令不存在', 'RELEASE_ORDER_NOT_FOUND');
  await transition(tx, releaseOrders, releaseOrderLifecycle, order, 'CANCELLED');
}

/** Stock positions visible to a scope (a depositor: its own; a warehouse company: its warehouses'), with buckets. */
export async function availableStock(tx: Tx, scope: Scope, filter: { warehouseId?: number; depositorId?: number; goodsId?: number } = {}) {
  const where: SQL[] = [stockVisibleTo(scope)];
  if (filter.warehouseId) where.push(eq(stockPositions.warehouseId, filter.warehouseId));
  if (filter.depositorId) where.push(eq(stockPositions.depositorId, filter.depositorId));
  if (filter.goodsId) where.push(eq(stockPositions.goodsId, filter.goodsId));
  const rows = await tx
    .select({
      positionId: stockPositions.id,
      warehouseId: stockPositions.warehouseId,
      warehouseName: warehouses.name,
      locationCode: warehouseLocations.code,
      depositorId: stockPositions.depositorId,
      depositorName: enterpriseDirectory.name,
      goodsId: stockPositions.goodsId,
      goodsName: goods.name,
      unit: goods.unit,
      scale: goods.scale,
      batchNo: stockPositions.batchNo,
      available: stockPositions.available,
      pledged: stockPositions.pledged,
      frozen: stockPositions.frozen,
    })
    .from(stockPositions)
    .innerJoin(warehouses, eq(warehouses.id, stockPositions.warehouseId))
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, stockPositions.locationId))
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, stockPositions.depositorId))
    .innerJoin(goods, eq(goods.id, stockPositions.goodsId))
    .where(and(...where))
    .orderBy(asc(stockPositions.id));
  return rows;
}

/** Live (not pledged) receipts of positions, e.g. to offer them for a pledge. */
export async function liveReceiptsOf(tx: Tx, positionIds: number[]) {
  if (!positionIds.length) return [];
  return tx
    .select()
    .from(warehouseReceipts)
    .where(and(inArray(warehouseReceipts.positionId, positionIds), eq(warehouseReceipts.status, 'LIVE')));
}
