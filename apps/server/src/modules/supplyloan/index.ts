// The supply-loan face (issue 22): what app.ts and other areas may use. Purchase/sales is reached only
// through the ports of financing/ports.ts: supply loans serve `LoanCollection` and consume `OrderBacking`.
export { supplyLoanRoutes } from './routes.ts';
export { financingSignHook, SUPPLY_LOAN_TASK_TYPES } from './task-types.ts';
export { orderLoanCollection } from './order-loan-collection.ts';
export { supplyLoanCloseStep } from './close-of-day.ts';
