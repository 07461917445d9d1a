import { chinaDate, maskBankAccount, normaliseQuantity } from '@factoring/domain';
import type { OrderDetail } from '@factoring/domain/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { psOrderAttachments, psOrderEvents, psOrderLines, psOrderPayments, psOrders } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import type { OrderLoans } from '../../financing/index.ts';
import { uploadDirectory } from '../../uploads/index.ts';
import { baseSelect, rowView, withLoans } from '../order-view.ts';
import { visibleTo, type PsAccess } from '../store.ts';

/** The detail drawer: lines, history, payments and attachments. */
export async function orderDetail(
  db: Db,
  loans: OrderLoans,
  scope: EnterpriseScope,
  id: number,
  access: PsAccess = 'FULL',
): Promise<OrderDetail> {
  const [r] = await withLoans(db, loans, await baseSelect(db).where(and(eq(psOrders.id, id), visibleTo(scope, access))));
  if (!r) throw new NotFoundError('订单不存在');
  const o = r.order;
  const [lines, events, payments, attachments] = await Promise.all([
    db.select().from(psOrderLines).where(eq(psOrderLines.orderId, id)).orderBy(asc(psOrderLines.seq)),
    db
      .select({ e: psOrderEvents, enterpriseName: enterpriseDirectory.name })
      .from(psOrderEvents)
      .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, psOrderEvents.enterpriseId))
      .where(eq(psOrderEvents.orderId, id))
      .orderBy(desc(psOrderEvents.id)),
    db.select().from(psOrderPayments).where(eq(psOrderPayments.orderId, id)).orderBy(desc(psOrderPayments.id)),
    db
      .select({ a: psOrderAttachments, fileName: uploadDirectory.originalName, size: uploadDirectory.size })
      .from(psOrderAttachments)
      .innerJoin(uploadDirectory, eq(uploadDirectory.id, psOrderAttachments.uploadId))
      .where(eq(psOrderAttachments.orderId, id))
      .orderBy(asc(psOrderAttachments.id)),
  ]);
  const owner = o.ownerEnterpriseId === scope.enterpriseId;
  return {
    ...rowView(r, scope, chinaDate(), access),
    // The owner's own notes about a typed-in counterparty; the other side sees the owner instead.
    counterpartyBankName: owner ? o.counterpartyBankName : null,
    counterpartyAccountNo: owner ? o.counterpartyAccountNo : null,
    remark: o.remark,
    lines: lines.map((l) => ({
      id: l.id,
      seq: l.seq,
      goodsId: l.goodsId,
      goodsName: l.goodsName,
      spec: l.spec,
      unit: l.unit,
      quantity: normaliseQuantity(l.quantity),
      fulfilled: normaliseQuantity(l.fulfilled),
      unitPrice: l.unitPrice,
      taxRatePpm: l.taxRatePpm,
      amount: l.amount,
      tax: l.tax,
      total: l.total,
    })),
    events: events.map(({ e, enterpriseName }) => ({
      id: e.id,
      action: e.action,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      note: e.note,
      actorName: e.actorName,
      enterpriseName,
      createdAt: e.createdAt.toISOString(),
    })),
    // Each side sees the money movements of the order; the fee and funding split are the payer's own.
    payments: payments.map((p) => {
      const mine = p.enterpriseId === scope.enterpriseId;
      return {
        id: p.id,
        direction: p.direction,
        method: p.method,
        amount: p.amount,
        fromControlled: mine ? p.fromControlled : 0,
        fromFree: mine ? p.fromFree : 0,
        fee: mine ? p.fee : 0,
        loanRepaid: mine || o.sellerEnterpriseId === scope.enterpriseId ? p.loanRepaid : 0,
        payeeName: p.payeeName,
        payeeAccountNo: mine && p.payeeAccountNo ? maskBankAccount(p.payeeAccountNo) : null,
        refNos: mine ? p.refNos : [],
        note: p.note,
        createdAt: p.createdAt.toISOString(),
      };
    }),
    attachments: attachments.map(({ a, fileName, size }) => ({
      id: a.id,
      uploadId: a.uploadId,
      fileName,
      size,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}
