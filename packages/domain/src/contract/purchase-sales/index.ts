// API contract of purchase and sales management (issue 16): request and response schemas shared by
// the server routes and the web forms.
//
// One file per operation, or per few operations that share their schemas, with those schemas beside it:
// each file exports its schemas and types by name and its operations as its default export (keyed as in
// purchaseSalesApi); shared.ts holds what several files use. This file re-exports every name and builds
// purchaseSalesApi, whose order is the OpenAPI document's.
import acceptOrder from './accept-order.ts';
import attach from './attach.ts';
import cancelOrder from './cancel-order.ts';
import catalogue from './catalogue.ts';
import closeOrder from './close-order.ts';
import collect from './collect.ts';
import confirmOrder from './confirm-order.ts';
import counterparties from './counterparties.ts';
import factorCollection from './factor-collection.ts';
import featureLog from './feature-log.ts';
import featureUsers from './feature-users.ts';
import financeableOrders from './financeable-orders.ts';
import fulfilOrder from './fulfil-order.ts';
import operatorOrders from './operator-orders.ts';
import order from './order.ts';
import orders from './orders.ts';
import overview from './overview.ts';
import pay from './pay.ts';
import paymentQuote from './payment-quote.ts';
import returnOrder from './return-order.ts';
import saveOrder from './save-order.ts';
import switchFeature from './switch-feature.ts';
import toConfirm from './to-confirm.ts';

export {
  orderActionsSchema,
  orderKindSchema,
  orderRowSchema,
  orderStatusAnswerSchema,
  orderStatusSchema,
  reasonInputSchema,
  type OrderRow,
} from './shared.ts';
export * from './accept-order.ts';
export * from './attach.ts';
export * from './cancel-order.ts';
export * from './catalogue.ts';
export * from './close-order.ts';
export * from './collect.ts';
export * from './confirm-order.ts';
export * from './counterparties.ts';
export * from './factor-collection.ts';
export * from './feature-log.ts';
export * from './feature-users.ts';
export * from './financeable-orders.ts';
export * from './fulfil-order.ts';
export * from './operator-orders.ts';
export * from './order.ts';
export * from './orders.ts';
export * from './overview.ts';
export * from './pay.ts';
export * from './payment-quote.ts';
export * from './return-order.ts';
export * from './save-order.ts';
export * from './switch-feature.ts';
export * from './to-confirm.ts';

// ---------------------------------------------------------------------------------------------
// The operations (issue 23): defined once, served by modules/purchase-sales/routes.ts, called by
// features/purchase-sales/api.ts. Enterprise operations under `/api/purchase-sales/` also need the
// user's purchase-sales feature (SPEC §2, checked by the route plugin) — except seeing, confirming and
// sending back the orders another enterprise sent to the user's own (issue 24); operators' under `/api/bpm/`.
// ---------------------------------------------------------------------------------------------

export const purchaseSalesApi = {
  ...overview,
  ...toConfirm,
  ...orders, // orders, exportOrders
  ...order,
  ...saveOrder, // createOrder, saveOrder
  ...confirmOrder,
  ...acceptOrder,
  ...returnOrder,
  ...fulfilOrder,
  ...cancelOrder,
  ...closeOrder,
  ...attach,
  ...paymentQuote,
  ...pay,
  ...collect,
  ...catalogue, // catalogue, addGoods
  ...counterparties,
  ...financeableOrders,

  // Operators
  ...featureUsers,
  ...switchFeature,
  ...featureLog,
  ...operatorOrders,
  ...factorCollection,
};
