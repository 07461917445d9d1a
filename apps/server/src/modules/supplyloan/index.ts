// The supply-loan face (issue 22, 23): what app.ts and other areas may use. Purchase/sales is reached only
// through the ports of financing/ports.ts: supply loans serve `LoanCollection` and consume `OrderBacking`.
// The financing operations are here for the demo seed. app.ts registers routes.ts itself.
/** The product app.ts registers (issue 35): its loans in the one book, its tasks, sign hook and close-of-business step. */
export { supplyLoanProduct } from './lending-product.ts';
/** The demo seed drives the inbox and the close of day as the app does. */
export { financingSignHook, SUPPLY_LOAN_TASK_TYPES } from './task-types.ts';
/** Its kinds of contract (issue 35): the demo seed draws up the enterprise's factoring agreement. */
export { FACTORING_AGREEMENT_KIND, FINANCING_CONTRACT_KIND } from './contract-kinds.ts';
export { supplyLoanCloseStep } from './jobs/close-of-day.ts';
export { orderLoanCollection } from './operations/order-loan-collection.ts';
export { orderLoans } from './queries/order-loans.ts';
export { TASK } from './store.ts';
export { applyToJoin } from './operations/join-platform.ts';
export { registerInvoice } from './operations/register-invoice.ts';
export { applyInvoiceFinancing, applyOrderLoan } from './operations/apply-financing.ts';
export { onFinancingContractSigned } from './operations/on-contract-signed.ts';
export { requestDrawdown } from './operations/request-drawdown.ts';
export { repaymentQuote } from './queries/quote.ts';
export { repayOnline } from './operations/repay-online.ts';
