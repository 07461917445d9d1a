// The purchase/sales face (issue 22, 23): what app.ts and other areas may use. Supply loans are reached only
// through the ports of financing/ports.ts: purchase/sales serves `OrderBacking` and consumes `LoanCollection`.
// The order operations are here for the demo seed; the menus ask whether orders were sent to an enterprise
// (its users reach those without the switch, issue 24). app.ts registers routes.ts itself.
export { purchaseSalesTaskTypes } from './task-types.ts';
export { salesOrderBacking } from './order-loan-backing.ts';
export { addGoods } from './catalogue.ts';
export { createOrder } from './save-order.ts';
export { answerOrder, confirmOrder } from './confirm-order.ts';
export { fulfilOrder } from './fulfil-order.ts';
export { payOrder } from './pay-order.ts';
export { recordOfflineCollection } from './record-collection.ts';
export { closeOrder } from './close-order.ts';
export { issueOrderInvoice } from './issue-invoice.ts';
export { cancelOrder } from './cancel-order.ts';
export { hasOrdersAddressedTo } from './queries.ts';
