// Electronic warehouse receipts (电子仓单): issued by the warehouse company against a depositor's
// available stock (the quantity becomes frozen). From then on the receipt is its holder's (issue 21):
// only the holder splits, merges, endorses it to another certified enterprise (the goods' ownership
// moves with it) or surrenders it by cancelling (the goods become available again); the warehouse
// company cannot. A pledged receipt moves only through its pledge (service.ts); the holder's request
// to cancel one waits for the factor, the pledgee. Every operation locks the receipt row first, so of
// racing endorse / cancel / split on one receipt exactly one passes.
import { createHash, randomInt } from 'node:crypto';
import { checkSplit, qty, QuantityError, receiptLifecycle, sumQuantities, toQuantityText } from '@factoring/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { goods, stockPositions, warehouseLocations, warehouseReceipts, warehouses } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { now } from '../../lib/clock.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { transition } from '../../lib/transition.ts';
import { createTask } from '../bpm/index.ts';
import { ownPosition } from './access.ts';
import { recordReceiptEvent } from './receipt-events.ts';
import { quantityFor } from './stock-in.ts';
import { ensurePosition, nextNumber, postMovements, type Actor } from './stock-ledger.ts';

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
async function snapshot(tx: Tx, r: Parameters<typeof canonicalContent>[1]) {
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
async function insertReceipt(
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
async function lockReceipts(tx: Tx, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return tx.select().from(warehouseReceipts).where(inArray(warehouseReceipts.id, sorted)).orderBy(asc(warehouseReceipts.id)).for('update');
}

/**
 * The one door to changing a receipt: locks it and lets only its current holder through. The
 * warehouse company keeping the goods is told why (it sees the receipt); anyone else learns nothing.
 */
async function holdersReceipt(tx: Tx, scope: EnterpriseScope, receiptId: number) {
  const [row] = await lockReceipts(tx, [receiptId]);
  if (!row) throw new NotFoundError('仓单不存在');
  if (row.holderId === scope.enterpriseId) return row;
  const [w] = await tx.select({ companyId: warehouses.companyId }).from(warehouses).where(eq(warehouses.id, row.warehouseId));
  if (w?.companyId === scope.enterpriseId)
    throw new BusinessError('仓单属于持有人：拆分、合并、背书和注销只能由持有人办理', 'NOT_RECEIPT_HOLDER');
  throw new NotFoundError('仓单不存在');
}

/** Only a live receipt splits, merges or is endorsed; a pledged one moves only through its pledge. */
function assertLive(receipt: ReceiptRow, action: string) {
  if (receipt.status !== 'LIVE')
    throw new BusinessError(`仓单当前状态为“${receiptLifecycle.label(receipt.status)}”，不能${action}`, 'RECEIPT_NOT_LIVE');
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
  const receipt = await holdersReceipt(tx, scope, input.receiptId);
  assertLive(receipt, '拆分');
  const [position] = await tx.select().from(stockPositions).where(eq(stockPositions.id, receipt.positionId));
  const [item] = await tx.select().from(goods).where(eq(goods.id, position!.goodsId));
  const parts = input.parts.map((p) => quantityFor(item!, p, '拆分数量'));
  splitRule(receipt.quantity, parts);
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'SPLIT', { updatedAt: now() });
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
  const rows = [];
  for (const id of ids) rows.push(await holdersReceipt(tx, scope, id));
  for (const r of rows) assertLive(r, '合并');
  const first = rows[0]!;
  if (rows.some((r) => r.positionId !== first.positionId || r.holderId !== first.holderId)) {
    throw new BusinessError('只能合并同一持有人、同一仓库库位、同一商品批次的仓单', 'MERGE_MISMATCH');
  }
  for (const r of rows) await transition(tx, warehouseReceipts, receiptLifecycle, r, 'MERGED', { updatedAt: now() });
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
  const receipt = await holdersReceipt(tx, scope, input.receiptId);
  assertLive(receipt, '背书');
  const to = await endorseeOf(tx, scope, input.toUscc);
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
  const stated = await snapshot(tx, {
    receiptNo: receipt.receiptNo,
    version,
    positionId: target,
    quantity: receipt.quantity,
    issuedAt: receipt.issuedAt,
  });
  await tx
    .update(warehouseReceipts)
    .set({ positionId: target, holderId: to.id, version, ...stated, updatedAt: now() })
    .where(eq(warehouseReceipts.id, receipt.id));
  await recordReceiptEvent(
    tx,
    receipt.id,
    'ENDORSE',
    {
      fromEnterpriseId: receipt.holderId,
      toEnterpriseId: to.id,
      toName: to.name,
      toUscc: to.uscc,
      version,
      contentHash: stated.contentHash,
    },
    actor,
  );
  return { id: receipt.id, receiptNo: receipt.receiptNo, holderName: to.name, holderUscc: to.uscc, contentHash: stated.contentHash };
}

/**
 * The certified enterprise a holder endorses to, named by its credit code. Only an exact, valid code
 * finds one, and only its name and code are told — enough for the holder to confirm who receives title.
 */
export async function endorseeOf(tx: Db | Tx, scope: EnterpriseScope, uscc: string) {
  const [to] = await tx
    .select({
      id: enterpriseDirectory.id,
      name: enterpriseDirectory.name,
      uscc: enterpriseDirectory.uscc,
      certified: enterpriseDirectory.certified,
    })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.uscc, uscc.toUpperCase()));
  if (!to) throw new BusinessError('未找到该统一社会信用代码对应的企业', 'ENDORSEE_NOT_FOUND');
  if (to.id === scope.enterpriseId) throw new BusinessError('不能背书给本企业', 'ENDORSE_TO_SELF');
  if (!to.certified) throw new BusinessError(`“${to.name}”尚未完成实名认证，不能接受仓单背书`, 'ENDORSEE_NOT_CERTIFIED');
  return { id: to.id, name: to.name, uscc: to.uscc! };
}

/**
 * The holder surrenders a receipt. A live one ends at once and its goods become available again (to
 * the holder, who now instructs the warehouse as for any stock). A pledged one backs a financing: the
 * request waits for the factor (CANCEL_PENDING), and its goods stay pledged either way.
 */
export async function cancelReceipt(tx: Tx, scope: EnterpriseScope, input: { receiptId: number; reason: string }, actor: Actor) {
  const receipt = await holdersReceipt(tx, scope, input.receiptId);
  if (receipt.status === 'PLEDGED') {
    await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'CANCEL_PENDING', { updatedAt: now() });
    const [holder] = await tx
      .select({ name: enterpriseDirectory.name })
      .from(enterpriseDirectory)
      .where(eq(enterpriseDirectory.id, receipt.holderId));
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
  // A cancellation already waiting for the factor is decided there, never by asking again.
  assertLive(receipt, '注销');
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'CANCELLED', { updatedAt: now() });
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
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'CANCELLED', { updatedAt: now() });
  await recordReceiptEvent(tx, receipt.id, 'CANCEL', { approvedBy: actor.name, goodsStayPledged: receipt.pledgeReference }, actor);
  return { before: { status: receipt.status }, after: { status: 'CANCELLED' } };
}

export async function rejectReceiptCancel(tx: Tx, receiptId: number, reason: string, actor: Actor) {
  const [receipt] = await lockReceipts(tx, [receiptId]);
  if (!receipt) throw new BusinessError('仓单不存在', 'RECEIPT_NOT_FOUND');
  await transition(tx, warehouseReceipts, receiptLifecycle, receipt, 'PLEDGED', { updatedAt: now() });
  await recordReceiptEvent(tx, receipt.id, 'CANCEL_REJECTED', { reason }, actor);
  return { before: { status: receipt.status }, after: { status: 'PLEDGED' } };
}
