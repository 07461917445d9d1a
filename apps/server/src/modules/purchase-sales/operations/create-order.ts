// A new draft order (what saving checks and writes: order-input.ts).
import { formatYuan } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { psOrders } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { attach, checkGoods, counterpartyOf, priced, writeLines, type OrderInput } from '../order-input.ts';
import { orderNoOf, recordEvent, type Actor } from '../store.ts';

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
