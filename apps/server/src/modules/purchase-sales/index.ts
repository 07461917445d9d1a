// The purchase/sales face (issue 22): what app.ts and other areas may use. Supply loans are reached only
// through the ports of financing/ports.ts: purchase/sales serves `OrderBacking` and consumes `LoanCollection`.
export { purchaseSalesRoutes } from './routes.ts';
export { purchaseSalesTaskTypes } from './task-types.ts';
export { salesOrderBacking } from './order-loan-backing.ts';
