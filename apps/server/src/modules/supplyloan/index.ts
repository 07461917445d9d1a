// The supply-loan face (issue 22, 23): what app.ts and other areas may use. Purchase/sales is reached only
// through the ports of financing/ports.ts: supply loans serve `LoanCollection` and consume `OrderBacking`.
// The financing operations are here for the demo seed. app.ts registers routes.ts itself.
export { financingSignHook, SUPPLY_LOAN_TASK_TYPES } from './task-types.ts';
export { orderLoanCollection } from './order-loan-collection.ts';
export { supplyLoanCloseStep } from './close-of-day.ts';
export { TASK } from './store.ts';
export { applyToJoin } from './join-platform.ts';
export { registerInvoice } from './register-invoice.ts';
export { applyInvoiceFinancing, applyOrderLoan } from './apply-financing.ts';
export { onFinancingContractSigned } from './on-contract-signed.ts';
export { requestDrawdown } from './request-drawdown.ts';
export { repaymentQuote } from './quote.ts';
export { repayOnline } from './repay-online.ts';
