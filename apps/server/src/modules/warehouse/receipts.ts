// Electronic warehouse receipts (电子仓单): issued by the warehouse company against a depositor's
// available stock (the quantity becomes frozen), split, merged, endorsed to another certified
// enterprise (the goods' ownership moves with it), pledged (service.ts) and cancelled (the goods
// become available again; a pledged receipt's cancellation needs an operator).
import { createHash } from 'node:crypto';
import { checkSplit, qty, QuantityError, receiptLifecycle, sumQuantities, toQuantityText } from '@factoring/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { enterprises, goods, stockPositions, warehouseLocations, warehouseReceipts, warehouses } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { createTask } from '../bpm/tasks.ts';
import { ownPosition } from './access.ts';
import { recordReceiptEvent } from './receipt-events.ts';
import { quantityFor } from './stock-in.ts';
import { ensurePosition, nextNumber, postMovements, type Actor } from './stock-ledger.ts';

export type ReceiptRow = typeof warehouseReceipts.$inferSelect;
export const RECEIPT_CANCEL_TASK = 'WAREHOUSE_RECEIPT_CANCEL';

/** Everything printed on a receipt, in a fixed order: its SHA-256 is the receipt's content hash. */
async function canonicalContent(tx: Tx, r: { receiptNo: string; version: number; positionId: number; quantity: string; issuedAt: Date }) {
  const [row] = await tx
    .select({
      warehouse: warehouses.name,
      location: warehouseLocations.code,
      holder: enterprises.name,
      holderUscc: enterprises.uscc,
      goods: goods.name,
      specification: goods.specification,
      unit: goods.unit,
      scale: goods.scale,
      batchNo: stockPositions.batchNo,
    })
    .from(stockPositions)
    .innerJoin(warehouses, eq(warehouses.id, stockPositions.warehouseId))
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, stockPositions.locationId))
    .innerJoin(enterprises, eq(enterprises.id, stockPositions.depositorId))
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

export async function contentHashOf(tx: Tx, r: Parameters<typeof canonicalContent>[1]) {
  return createHash('sha256')
    .update(await canonicalContent(tx, r))
    .digest('hex');
}

/** Writes a new LIVE receipt of a position (its quantity must already be frozen). */
async function insertReceipt(
  tx: Tx,
  input: { positionId: number; holderId: number; warehouseId: number; quantity: string; parentIds: number[]; issuedBy: number | null },
) {
  const receiptNo = await nextNumber(tx, 'receipt');
  const issuedAt = new Date();
  const contentHash = await contentHashOf(tx, { receiptNo, version: 1, positionId: input.positionId, quantity: input.quantity, issuedAt });
  const [row] = await tx
    .insert(warehouseReceipts)
    .values({ ...input, receiptNo, contentHash, issuedAt, updatedAt: issuedAt })
    .returning();
  return row!;
}

/** Locks receipts in ascending id order (receipts come first in the module's lock order). */
async function lockReceipts(tx: Tx, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return tx.select().from(warehouseReceipts).where(inArray(warehouseReceipts.id, sorted)).orderBy(asc(warehouseReceipts.id)).for('update');
}

/** The holder, or the warehouse company whose warehouse holds the goods, may act on a receipt. */
async function actableReceipt(tx: Tx, scope: EnterpriseScope, receiptId: number, who: 'holder' | 'holderOrWarehouse') {
  const [row] = await lockReceipts(tx, [receiptId]);
  if (!row) throw new NotFoundError('仓单不存在');
  const [w] = await tx.select({ companyId: warehouses.companyId }).from(warehouses).where(eq(warehouses.id, row.warehouseId));
  const isHolder = row.holderId === scope.enterpriseId;
  const isWarehouse = w?.companyId === scope.enterpriseId;
  if (!isHolder && !(who === 'holderOrWarehouse' && isWarehouse)) {
    if (isWarehouse) throw new BusinessError('仓单只能由持有人背书', 'NOT_RECEIPT_HOLDER');
    throw new NotFoundError('仓单不存在');
  }
  return row;
}

const splitRule = (whole: string, parts: string[]) => {
  try {
    checkSplit(whole, parts);
  } catch (err) {
    if (err instanceof QuantityError) throw new BusinessError(err.message, err.code);
    throw err;
  }
};

/** Issues a receipt against the depositor's available stock in the warehouse company's own warehouse. */
export async function issueReceipt(
  tx: Tx,
  scope: EnterpriseScope,
  input: { positionId: number; quantity: string; note?: string },
  actor: Actor,
) {
  const { position } = await ownPosition(tx, scope, input.positionId);
  const [item] = await tx.select().from(goods).where(eq(goods.id, position.goodsId));
  const quantity = quantityFor(item!, input.quantity, '仓单数量');
  const operationNo = await nextNumber(tx, 'operation');
  await postMovements(tx, [{ positionId: position.id, kind: 'RECEIPT_ISSUE', quantity }], { operationNo, note: input.note ?? null, actor });
  const receipt = await insertReceipt(tx, {
    positionId: position.id,
    holderId: position.depositorId,
    warehouseId: position.warehouseId,
    quantity,
    parentIds: [],
    issuedBy: actor.id,
  });
  await recordReceiptEvent(tx, receipt.id, 'ISSUE', { quantity }, actor);
  return { id: receipt.id, receiptNo: receipt.receiptNo, contentHash: receipt.contentHash };
}

/** Splits a live receipt into parts that add up exactly to it. No goods move: they stay frozen. */
export async function splitReceipt(tx: Tx, scope: EnterpriseScope, input: { receiptId: number; parts: string[] }, actor: Actor) {
  const receipt = await actableReceipt(tx, scope, input.receiptId, 'holderOrWarehouse');
  const [position] = await tx.select().from(stockPositions).where(eq(stockPositions.id, receipt.positionId));
  const [item] = await tx.select().from(goods).where(eq(goods.id, position!.goodsId));
  const parts = input.parts.map((p) => quantityFor(item!, p, '拆分数量'));
  splitRule(receipt.quantity, parts);
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'SPLIT', { updatedAt: new Date() });
  const children = [];
  for (const quantity of parts) {
    children.push(
      await insertReceipt(tx, {
        positionId: receipt.positionId,
        holderId: receipt.holderId,
        warehouseId: receipt.warehouseId,
        quantity,
        parentIds: [receipt.id],
        issuedBy: actor.id,
      }),
    );
  }
  await recordReceiptEvent(tx, receipt.id, 'SPLIT', { into: children.map((c) => c.receiptNo), parts }, actor);
  for (const c of children) await recordReceiptEvent(tx, c.id, 'ISSUE', { splitFrom: receipt.receiptNo, quantity: c.quantity }, actor);
  return { receipts: children.map((c) => ({ id: c.id, receiptNo: c.receiptNo, quantity: c.quantity })) };
}

/** Merges live receipts of the same holder and position into one. */
export async function mergeReceipts(tx: Tx, scope: EnterpriseScope, input: { receiptIds: number[] }, actor: Actor) {
  const ids = [...new Set(input.receiptIds)].sort((a, b) => a - b);
  if (ids.length < 2) throw new BusinessError('合并至少需要两张不同的仓单', 'MERGE_PARTS');
  for (const id of ids) await actableReceipt(tx, scope, id, 'holderOrWarehouse');
  const rows = await lockReceipts(tx, ids);
  const first = rows[0]!;
  if (rows.some((r) => r.positionId !== first.positionId || r.holderId !== first.holderId)) {
    throw new BusinessError('只能合并同一持有人、同一仓库库位、同一商品批次的仓单', 'MERGE_MISMATCH');
  }
  for (const r of rows) await transition(tx, warehouseReceipts, receiptLifecycle, r, 'MERGED', { updatedAt: new Date() });
  const quantity = toQuantityText(sumQuantities(...rows.map((r) => r.quantity)));
  const merged = await insertReceipt(tx, {
    positionId: first.positionId,
    holderId: first.holderId,
    warehouseId: first.warehouseId,
    quantity,
    parentIds: ids,
    issuedBy: actor.id,
  });
  for (const r of rows) await recordReceiptEvent(tx, r.id, 'MERGE', { into: merged.receiptNo }, actor);
  await recordReceiptEvent(tx, merged.id, 'ISSUE', { mergedFrom: rows.map((r) => r.receiptNo), quantity }, actor);
  return { id: merged.id, receiptNo: merged.receiptNo, quantity };
}

/**
 * Endorses a live receipt to another certified enterprise: the receipt's goods move to the new
 * holder's position (frozen there), the receipt's version and hash change, the number stays.
 */
export async function endorseReceipt(tx: Tx, scope: EnterpriseScope, input: { receiptId: number; toUscc: string }, actor: Actor) {
  const receipt = await actableReceipt(tx, scope, input.receiptId, 'holder');
  if (receipt.status !== 'LIVE')
    throw new BusinessError(`仓单当前状态为“${receiptLifecycle.label(receipt.status)}”，不能背书`, 'RECEIPT_NOT_LIVE');
  const [to] = await tx.select().from(enterprises).where(eq(enterprises.uscc, input.toUscc.toUpperCase()));
  if (!to) throw new BusinessError('未找到该统一社会信用代码对应的企业', 'ENDORSEE_NOT_FOUND');
  if (to.id === receipt.holderId) throw new BusinessError('不能背书给本企业', 'ENDORSE_TO_SELF');
  if (!to.certified) throw new BusinessError(`“${to.name}”尚未完成实名认证，不能接受仓单背书`, 'ENDORSEE_NOT_CERTIFIED');
  const [from] = await tx.select().from(stockPositions).where(eq(stockPositions.id, receipt.positionId));
  const target = await ensurePosition(tx, {
    warehouseId: from!.warehouseId,
    locationId: from!.locationId,
    depositorId: to.id,
    goodsId: from!.goodsId,
    batchNo: from!.batchNo,
  });
  const operationNo = await nextNumber(tx, 'operation');
  await postMovements(
    tx,
    [
      { positionId: from!.id, kind: 'ENDORSE_OUT', quantity: receipt.quantity },
      { positionId: target, kind: 'ENDORSE_IN', quantity: receipt.quantity },
    ],
    { operationNo, reference: `RECEIPT:${receipt.id}`, actor },
  );
  const version = receipt.version + 1;
  const contentHash = await contentHashOf(tx, {
    receiptNo: receipt.receiptNo,
    version,
    positionId: target,
    quantity: receipt.quantity,
    issuedAt: receipt.issuedAt,
  });
  await tx
    .update(warehouseReceipts)
    .set({ positionId: target, holderId: to.id, version, contentHash, updatedAt: new Date() })
    .where(eq(warehouseReceipts.id, receipt.id));
  await recordReceiptEvent(
    tx,
    receipt.id,
    'ENDORSE',
    { fromEnterpriseId: receipt.holderId, toEnterpriseId: to.id, toName: to.name, version },
    actor,
  );
  return { id: receipt.id, receiptNo: receipt.receiptNo, holderName: to.name, contentHash };
}

/**
 * Cancels a receipt. A live one at once: its goods become available again. A pledged one goes to an
 * operator (its goods back a financing): until decided it is CANCEL_PENDING.
 */
export async function cancelReceipt(tx: Tx, scope: EnterpriseScope, input: { receiptId: number; reason: string }, actor: Actor) {
  const receipt = await actableReceipt(tx, scope, input.receiptId, 'holderOrWarehouse');
  if (receipt.status === 'PLEDGED') {
    await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'CANCEL_PENDING', { updatedAt: new Date() });
    const [holder] = await tx.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, receipt.holderId));
    await createTask(tx, {
      type: RECEIPT_CANCEL_TASK,
      subject: `质押仓单注销：${receipt.receiptNo}`,
      enterpriseId: receipt.holderId,
      refId: receipt.id,
      data: { receiptId: receipt.id, reason: input.reason },
      fields: [
        { label: '仓单编号', value: receipt.receiptNo },
        { label: '持有人', value: holder?.name ?? '' },
        { label: '数量', value: receipt.quantity },
        { label: '质押业务', value: receipt.pledgeReference ?? '' },
        { label: '注销原因', value: input.reason },
        { label: '提示', value: '该仓单已质押：注销后货物仍保持质押，直至融资方解除质押' },
      ],
      submittedBy: actor.id ? { id: actor.id, name: actor.name } : null,
    });
    await recordReceiptEvent(tx, receipt.id, 'CANCEL_REQUEST', { reason: input.reason }, actor);
    return { id: receipt.id, status: 'CANCEL_PENDING' as const };
  }
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'CANCELLED', { updatedAt: new Date() });
  const operationNo = await nextNumber(tx, 'operation');
  await postMovements(tx, [{ positionId: receipt.positionId, kind: 'RECEIPT_CANCEL', quantity: receipt.quantity }], {
    operationNo,
    reference: `RECEIPT:${receipt.id}`,
    note: input.reason,
    actor,
  });
  await recordReceiptEvent(tx, receipt.id, 'CANCEL', { reason: input.reason }, actor);
  return { id: receipt.id, status: 'CANCELLED' as const };
}

/** Operator approves cancelling a pledged receipt: the receipt ends; its goods stay pledged to the financing. */
export async function approveReceiptCancel(tx: Tx, receiptId: number, actor: Actor) {
  const [receipt] = await lockReceipts(tx, [receiptId]);
  if (!receipt) throw new BusinessError('仓单不存在', 'RECEIPT_NOT_FOUND');
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'CANCELLED', { updatedAt: new Date() });
  await recordReceiptEvent(tx, receipt.id, 'CANCEL', { approvedBy: actor.name, goodsStayPledged: receipt.pledgeReference }, actor);
  return { before: { status: receipt.status }, after: { status: 'CANCELLED' } };
}

export async function rejectReceiptCancel(tx: Tx, receiptId: number, reason: string, actor: Actor) {
  const [receipt] = await lockReceipts(tx, [receiptId]);
  if (!receipt) throw new BusinessError('仓单不存在', 'RECEIPT_NOT_FOUND');
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'PLEDGED', { updatedAt: new Date() });
  await recordReceiptEvent(tx, receipt.id, 'CANCEL_REJECTED', { reason }, actor);
  return { before: { status: receipt.status }, after: { status: 'PLEDGED' } };
}
