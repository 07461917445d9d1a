// A sales order's invoice (issue 36): the seller issues a 数电票 for the order through the tax bureau —
// here the built-in simulated bureau, which numbers it and writes the order into its 备注 — so the invoice
// is tied to the order it bills: whoever registers it for financing, the receivables module knows the order,
// and an order financed by an order loan is never financed again through its invoice (nor the other way).
import { formatYuan, invoiceLabel, ORDER_STATUS_LABELS, type Cents, type IsoDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { bureauInvoicesOfOrder, issueAtBureau, nextDigitalInvoiceNumber } from '../../receivables/index.ts';
import { lockOrder, recordEvent, type Actor, type PsAccess } from '../store.ts';

/** An order is invoiced once it is confirmed; a cancelled or unconfirmed one is not. */
const INVOICEABLE = ['CONFIRMED', 'DELIVERED', 'RECEIVED', 'PAID', 'CLOSED'];

export async function issueOrderInvoice(
  tx: Tx,
  scope: EnterpriseScope,
  actor: Actor,
  orderId: number,
  today: IsoDate,
  access: PsAccess = 'FULL',
) {
  const order = await lockOrder(tx, scope, orderId, access);
  if (order.sellerEnterpriseId !== scope.enterpriseId) throw new BusinessError('只有订单的销售方可以开具发票', 'NOT_ORDER_SELLER');
  if (!INVOICEABLE.includes(order.status))
    throw new BusinessError(`订单当前状态为“${ORDER_STATUS_LABELS[order.status]}”，确认后方可开具发票`, 'ORDER_NOT_INVOICEABLE');
  if (!order.buyerEnterpriseId) throw new BusinessError('购买方不是平台企业，无法在线开具发票，请线下开具', 'BUYER_NOT_ON_PORTAL');
  const party = async (id: number) =>
    (
      await tx
        .select({ name: enterpriseDirectory.name, uscc: enterpriseDirectory.uscc })
        .from(enterpriseDirectory)
        .where(eq(enterpriseDirectory.id, id))
    )[0];
  const seller = await party(order.sellerEnterpriseId);
  const buyer = await party(order.buyerEnterpriseId);
  if (!seller?.uscc || !buyer?.uscc) throw new BusinessError('开票双方须有统一社会信用代码');
  const [already] = await bureauInvoicesOfOrder(tx, seller.uscc, order.orderNo);
  if (already) throw new BusinessError(`订单已开具发票 ${invoiceLabel(already.invoiceCode, already.invoiceNumber)}`, 'ORDER_INVOICED');
  const issued = await issueAtBureau(tx, {
    invoiceNumber: await nextDigitalInvoiceNumber(tx, today),
    sellerCreditCode: seller.uscc,
    sellerName: seller.name,
    buyerCreditCode: buyer.uscc,
    buyerName: buyer.name,
    issueDate: today,
    amount: order.totalAmount as Cents,
    taxAmount: order.tax as Cents,
    orderNo: order.orderNo,
  });
  const label = invoiceLabel(issued.invoiceCode, issued.invoiceNumber);
  await recordEvent(tx, order.id, actor, '开具发票', `数电票 ${label}，价税合计 ${formatYuan(issued.amount)} 元`);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    invoiceCode: issued.invoiceCode,
    invoiceNumber: issued.invoiceNumber,
    issueDate: issued.issueDate,
    amount: issued.amount,
    taxAmount: issued.taxAmount,
    buyerEnterpriseId: order.buyerEnterpriseId,
  };
}
