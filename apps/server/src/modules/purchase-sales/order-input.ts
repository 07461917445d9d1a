// What saving an order checks and writes, for a new draft (operations/create-order.ts) and a draft saved
// again (operations/update-draft.ts): lines priced exactly, the counterparty, catalogue goods, attachments.
import { formatYuan, OrderError, orderTotals } from '@factoring/domain';
import type { orderInputSchema } from '@factoring/domain/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { psGoods, psOrderAttachments, psOrderLines } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../lib/scope.ts';
import { ownUploads } from '../uploads/index.ts';

export type OrderInput = z.output<typeof orderInputSchema>;

/** Lines priced exactly by the domain rules; the page's total must be the same, to the cent. */
export function priced(input: OrderInput) {
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
export async function counterpartyOf(tx: Tx, scope: EnterpriseScope, input: OrderInput) {
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
export async function checkGoods(tx: Tx, scope: EnterpriseScope, input: OrderInput) {
  const ids = [...new Set(input.lines.map((l) => l.goodsId).filter((id): id is number => !!id))];
  if (!ids.length) return;
  const found = await tx
    .select({ id: psGoods.id })
    .from(psGoods)
    .where(and(ownedBy(scope, psGoods.enterpriseId), inArray(psGoods.id, ids)));
  if (found.length !== ids.length) throw new BusinessError('所选商品不在本企业的商品目录中', 'UNKNOWN_GOODS');
}

export async function attach(tx: Tx, scope: EnterpriseScope, orderId: number, uploadIds: number[]) {
  const ids = [...new Set(uploadIds)];
  if (!ids.length) return;
  const mine = await ownUploads(tx, scope, ids);
  if (mine.length !== ids.length) throw new BusinessError('附件不存在，请重新上传', 'UNKNOWN_UPLOAD');
  await tx
    .insert(psOrderAttachments)
    .values(ids.map((uploadId) => ({ orderId, uploadId, enterpriseId: scope.enterpriseId })))
    .onConflictDoNothing();
}

export async function writeLines(tx: Tx, orderId: number, input: OrderInput, totals: ReturnType<typeof priced>) {
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
