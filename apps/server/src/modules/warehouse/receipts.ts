// Electronic warehouse receipts (电子仓单): issued by the warehouse company against a depositor's
// available stock (the quantity becomes frozen). From then on the receipt is its holder's (issue 21):
// only the holder splits, merges, endorses it to another certified enterprise (the goods' ownership
// moves with it) or surrenders it by cancelling (the goods become available again); the warehouse
// company cannot. A pledged receipt moves only through its pledge (operations/pledge-stock.ts,
// release-pledge.ts); the holder's request to cancel one waits for the factor, the pledgee. Every
// operation locks the receipt row first, so of racing endorse / cancel / split on one receipt exactly one
// passes. This file keeps what the receipt operations (operations/issue-receipt.ts, split-receipt.ts,
// merge-receipts.ts, endorse-receipt.ts, cancel-receipt.ts, decide-receipt-cancel.ts) share.
import { createHash, randomInt } from 'node:crypto';
import { qty, receiptLifecycle, toQuantityText } from '@factoring/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { goods, stockPositions, warehouseLocations, warehouseReceipts, warehouses } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { now } from '../../lib/clock.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { nextNumber } from './stock-ledger.ts';

export type ReceiptRow = typeof warehouseReceipts.$inferSelect;

export const RECEIPT_CANCEL_TASK = 'WAREHOUSE_RECEIPT_CANCEL';

/** Everything printed on a receipt, in a fixed order: its SHA-256 is the receipt's content hash. */
export async function canonicalContent(
  tx: Tx,
  r: { receiptNo: string; version: number; positionId: number; quantity: string; issuedAt: Date },
) {
  const [row] = await tx
    .select({
      warehouse: warehouses.name,
      location: warehouseLocations.code,
      holder: enterpriseDirectory.name,
      holderUscc: enterpriseDirectory.uscc,
      goods: goods.name,
      specification: goods.specification,
      unit: goods.unit,
      scale: goods.scale,
      batchNo: stockPositions.batchNo,
    })
    .from(stockPositions)
    .innerJoin(warehouses, eq(warehouses.id, stockPositions.warehouseId))
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, stockPositions.locationId))
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, stockPositions.depositorId))
    .innerJoin(goods, eq(goods.id, stockPositions.goodsId))
    .where(eq(stockPositions.id, r.positionId));
  return [
    `receiptNo=${r.receiptNo}`,
    `version=${r.version}`,
    `warehouse=${row!.warehouse}`,
    `location=${row!.location}`,
    `holder=${row!.holder}`,
    `holderUscc=${row!.holderUscc ?? ''}`,
    `goods=${row!.goods}`,
    `specification=${row!.specification ?? ''}`,
    `batchNo=${row!.batchNo}`,
    `quantity=${toQuantityText(qty(r.quantity), row!.scale)} ${row!.unit}`,
    `issuedAt=${r.issuedAt.toISOString()}`,
  ].join('\n');
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The snapshot a receipt states and its hash: stored with the receipt, so a later catalogue change cannot alter it. */
export async function snapshot(tx: Tx, r: Parameters<typeof canonicalContent>[1]) {
  const content = await canonicalContent(tx, r);
  return { content, contentHash: sha256(content) };
}

/** The fields of a stored snapshot (`key=value` lines). */
export function readContent(content: string): Record<string, string> {
  return Object.fromEntries(
    content.split('\n').map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)];
    }),
  );
}

/** No 0/O or 1/I: the random part is read off paper. */
const NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** CD + date + counter + a random part (30 bits), so receipt numbers cannot be walked. */
async function receiptNumber(tx: Tx) {
  const random = Array.from({ length: 6 }, () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]).join('');
  return `${await nextNumber(tx, 'receipt')}${random}`;
}

/** Writes a new LIVE receipt of a position (its quantity must already be frozen). */
export async function insertReceipt(
  tx: Tx,
  input: { positionId: number; holderId: number; warehouseId: number; quantity: string; parentIds: number[]; issuedBy: number | null },
) {
  const receiptNo = await receiptNumber(tx);
  const issuedAt = now();
  const stated = await snapshot(tx, { receiptNo, version: 1, positionId: input.positionId, quantity: input.quantity, issuedAt });
  const [row] = await tx
    .insert(warehouseReceipts)
    .values({ ...input, receiptNo, ...stated, issuedAt, updatedAt: issuedAt })
    .returning();
  return row!;
}

/** Locks receipts in ascending id order (receipts come first in the module's lock order). */
export async function lockReceipts(tx: Tx, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return tx.select().from(warehouseReceipts).where(inArray(warehouseReceipts.id, sorted)).orderBy(asc(warehouseReceipts.id)).for('update');
}

/**
 * The one door to changing a receipt: locks it and lets only its current holder through. The
 * warehouse company keeping the goods is told why (it sees the receipt); anyone else learns nothing.
 */
export async function holdersReceipt(tx: Tx, scope: EnterpriseScope, receiptId: number) {
  const [row] = await lockReceipts(tx, [receiptId]);
  if (!row) throw new NotFoundError('仓单不存在');
  if (row.holderId === scope.enterpriseId) return row;
  const [w] = await tx.select({ companyId: warehouses.companyId }).from(warehouses).where(eq(warehouses.id, row.warehouseId));
  if (w?.companyId === scope.enterpriseId)
    throw new BusinessError('仓单属于持有人：拆分、合并、背书和注销只能由持有人办理', 'NOT_RECEIPT_HOLDER');
  throw new NotFoundError('仓单不存在');
}

/** Only a live receipt splits, merges or is endorsed; a pledged one moves only through its pledge. */
export function assertLive(receipt: ReceiptRow, action: string) {
  if (receipt.status !== 'LIVE')
    throw new BusinessError(`仓单当前状态为“${receiptLifecycle.label(receipt.status)}”，不能${action}`, 'RECEIPT_NOT_LIVE');
}
