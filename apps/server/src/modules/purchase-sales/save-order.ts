import { formatYuan, OrderError, orderTotals } from '@factoring/domain';
import type { orderInputSchema } from '@factoring/domain/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { psGoods, psOrderAttachments, psOrderLines, psOrders } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { assertOwner, lockOrder, orderNoOf, recordEvent, type Actor } from './store.ts';
import { now } from '../../lib/clock.ts';
import { ownUploads } from '../uploads/index.ts';

export type OrderInput = z.output<typeof orderInputSchema>;

/** Lines priced exactly by the domain rules; the page's total must be the same, to the cent. */
function priced(input: OrderInput) {
  let totals;
  try {
    totals = orderTotals(input.lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, taxRatePpm: l.taxRatePpm })));
  } catch (err) {
    if (err instanceof OrderError) throw new BusinessError(err.message, 'INVALID_LINES');
    throw err;
  }
  if (totals.total !== input.totalAmount) {
    throw new BusinessError(
      `订单合计与明细不符：按明细计算为 ${formatYuan(totals.total)} 元，提交的是 ${formatYuan(input.totalAmount)} 元，请刷新后重试`,
      'TOTAL_MISMATCH',
    );
  }
  return totals;
}

/** The counterparty: an enterprise on the portal (certified, not oneself) or a typed-in one. */
async function counterpartyOf(tx: Tx, scope: EnterpriseScope, input: OrderInput) {
  if (!input.counterpartyEnterpriseId) {
    return {
      enterpriseId: null,
      name: input.counterpartyName,
      bankName: input.counterpartyBankName ?? null,
      accountNo: input.counterpartyAccountNo ?? null,
    };
  }
  if (input.counterpartyEnterpriseId === scope.enterpriseId) throw new BusinessError('交易对手不能是本企业', 'SELF_COUNTERPARTY');
  const [e] = await tx
    .select({ id: enterpriseDirectory.id, name: enterpriseDirectory.name, certified: enterpriseDirectory.certified })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, input.counterpartyEnterpriseId));
  if (!e || !e.certified) throw new BusinessError('交易对手不是平台上已认证的企业，请按平台外企业填写', 'UNKNOWN_COUNTERPARTY');
  return { enterpriseId: e.id, name: e.name, bankName: input.counterpartyBankName ?? null, accountNo: input.counterpartyAccountNo ?? null };
}

/** Catalogue goods must be the enterprise's own; the line keeps the name it was saved with. */
async function checkGoods(tx: Tx, scope: EnterpriseScope, input: OrderInput) {
  const ids = [...new Set(input.lines.map((l) => l.goodsId).filter((id): id is number => !!id))];
  if (!ids.length) return;
  const found = await tx
    .select({ id: psGoods.id })
    .from(psGoods)
    .where(and(ownedBy(scope, psGoods.enterpriseId), inArray(psGoods.id, ids)));
  if (found.length !== ids.length) throw new BusinessError('所选商品不在本企业的商品目录中', 'UNKNOWN_GOODS');
}

async function attach(tx: Tx, scope: EnterpriseScope, orderId: number, uploadIds: number[]) {
  const ids = [...new Set(uploadIds)];
  if (!ids.length) return;
  const mine = await ownUploads(tx, scope, ids);
  if (mine.length !== ids.length) throw new BusinessError('附件不存在，请重新上传', 'UNKNOWN_UPLOAD');
  await tx
    .insert(psOrderAttachments)
    .values(ids.map((uploadId) => ({ orderId, uploadId, enterpriseId: scope.enterpriseId })))
    .onConflictDoNothing();
}

async function writeLines(tx: Tx, orderId: number, input: OrderInput, totals: ReturnType<typeof priced>) {
  await tx.insert(psOrderLines).values(
    input.lines.map((l, i) => ({
      orderId,
      seq: i + 1,
      goodsId: l.goodsId ?? null,
      goodsName: l.goodsName,
      spec: l.spec || null,
      unit: l.unit,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      taxRatePpm: l.taxRatePpm,
      amount: totals.lines[i].amount,
      tax: totals.lines[i].tax,
      total: totals.lines[i].total,
    })),
  );
}

/** A new draft order of the enterprise, with its lines priced exactly. */
export async function createOrder(db: Db, scope: EnterpriseScope, actor: Actor, input: OrderInput) {
  const totals = priced(input);
  return db.transaction(async (tx) => {
    const counterparty = await counterpartyOf(tx, scope, input);
    await checkGoods(tx, scope, input);
    const buyer = input.kind === 'PURCHASE' ? scope.enterpriseId : counterparty.enterpriseId;
    const seller = input.kind === 'SALES' ? scope.enterpriseId : counterparty.enterpriseId;
    const [row] = await tx
      .insert(psOrders)
      .values({
        orderNo: `tmp-${crypto.randomUUID()}`,
        kind: input.kind,
        ownerEnterpriseId: scope.enterpriseId,
        buyerEnterpriseId: buyer,
        sellerEnterpriseId: seller,
        counterpartyName: counterparty.name,
        counterpartyBankName: counterparty.bankName,
        counterpartyAccountNo: counterparty.accountNo,
        deliveryDate: input.deliveryDate,
        remark: input.remark || null,
        amount: totals.amount,
        tax: totals.tax,
        totalAmount: totals.total,
        createdBy: scope.userId,
      })
      .returning();
    const orderNo = orderNoOf(row.kind, row.id, row.createdAt);
    await tx.update(psOrders).set({ orderNo }).where(eq(psOrders.id, row.id));
    await writeLines(tx, row.id, input, totals);
    await attach(tx, scope, row.id, input.attachmentUploadIds);
    await recordEvent(tx, row.id, actor, '创建草稿', `${input.lines.length} 行明细，合计 ${formatYuan(totals.total)} 元`, null, 'DRAFT');
    return { id: row.id, orderNo };
  });
}

/** Saves a draft again (owner only, DRAFT only): the lines are replaced as a whole. */
export async function updateDraft(db: Db, scope: EnterpriseScope, actor: Actor, id: number, input: OrderInput) {
  const totals = priced(input);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, scope, id);
    assertOwner(order, scope, '修改订单');
    if (order.status !== 'DRAFT') throw new BusinessError('只有草稿状态的订单可以修改', 'NOT_DRAFT');
    if (input.kind !== order.kind) throw new BusinessError('订单类型不能修改', 'KIND_CHANGED');
    const counterparty = await counterpartyOf(tx, scope, input);
    await checkGoods(tx, scope, input);
    await tx
      .update(psOrders)
      .set({
        buyerEnterpriseId: order.kind === 'PURCHASE' ? scope.enterpriseId : counterparty.enterpriseId,
        sellerEnterpriseId: order.kind === 'SALES' ? scope.enterpriseId : counterparty.enterpriseId,
        counterpartyName: counterparty.name,
        counterpartyBankName: counterparty.bankName,
        counterpartyAccountNo: counterparty.accountNo,
        deliveryDate: input.deliveryDate,
        remark: input.remark || null,
        amount: totals.amount,
        tax: totals.tax,
        totalAmount: totals.total,
        updatedAt: now(),
      })
      .where(eq(psOrders.id, order.id));
    await tx.delete(psOrderLines).where(eq(psOrderLines.orderId, order.id));
    await writeLines(tx, order.id, input, totals);
    await attach(tx, scope, order.id, input.attachmentUploadIds);
    await recordEvent(tx, order.id, actor, '修改草稿', `${input.lines.length} 行明细，合计 ${formatYuan(totals.total)} 元`);
    return { id: order.id, orderNo: order.orderNo };
  });
}
