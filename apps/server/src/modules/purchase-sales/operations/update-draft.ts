// A draft saved again (what saving checks and writes: order-input.ts).
import { formatYuan } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { psOrderLines, psOrders } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { attach, checkGoods, counterpartyOf, priced, writeLines, type OrderInput } from '../order-input.ts';
import { assertOwner, lockOrder, recordEvent, type Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';

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
