// The purchase/sales face (issue 22, 23): what app.ts and other areas may use. Supply loans are reached only
// through the ports of financing/ports.ts: purchase/sales serves `OrderBacking` and consumes `LoanCollection`.
// The order operations are here for the demo seed; the menus ask whether orders were sent to an enterprise
// (its users reach those without the switch, issue 24). app.ts registers routes.ts itself.
export { purchaseSalesTaskTypes } from './task-types.ts';

/** The area of its endpoints as the audit log names it. */
export const PURCHASE_SALES_AREA = { tag: 'purchase-sales', label: '购销管理' } as const;

export { salesOrderBacking } from './order-loan-backing.ts';
export { addGoods } from './operations/add-goods.ts';
export { createOrder } from './operations/create-order.ts';
export { confirmOrder } from './operations/confirm-order.ts';
export { answerOrder } from './operations/answer-order.ts';
export { fulfilOrder } from './operations/fulfil-order.ts';
export { payOrder } from './operations/pay-order.ts';
export { recordOfflineCollection } from './operations/record-offline-collection.ts';
export { closeOrder } from './operations/close-order.ts';
export { issueOrderInvoice } from './operations/issue-invoice.ts';
export { cancelOrder } from './operations/cancel-order.ts';
export { hasOrdersAddressedTo } from './queries/orders-addressed-to.ts';
