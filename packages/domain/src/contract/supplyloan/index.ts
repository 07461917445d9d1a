// Supply-chain loans (PRODUCT §6): the request and response schemas of /api/supplyloan/*.
// Requests use the shared building blocks (money is integer cents, ids are int4, text has no control
// characters); responses describe exactly what the server sends, so the OpenAPI document and the
// web's types (`z.input<typeof …Schema>` for what arrives on the wire) come from one place.
//
// One file per operation, or per few operations that share their schemas, with those schemas beside it:
// each file exports its schemas and types by name and its operations as its default export (keyed as in
// supplyLoanApi); shared.ts holds what several files use. This file re-exports every name and builds
// supplyLoanApi, whose order is the OpenAPI document's.
import cancelFinancing from './cancel-financing.ts';
import coreEnterprises from './core-enterprises.ts';
import drawable from './drawable.ts';
import drawdowns from './drawdowns.ts';
import due from './due.ts';
import extensions from './extensions.ts';
import financingApplication from './financing-application.ts';
import financingDetail from './financing-detail.ts';
import financingList from './financing-list.ts';
import invoiceChecks from './invoice-checks.ts';
import invoices from './invoices.ts';
import platforms from './platforms.ts';
import registerInvoice from './register-invoice.ts';
import repay from './repay.ts';
import repaymentQuote from './repayment-quote.ts';
import requestDrawdown from './request-drawdown.ts';
import requestExtension from './request-extension.ts';
import submitVoucher from './submit-voucher.ts';
import summary from './summary.ts';

export { extensionSchema, financingActionsSchema, receivingAccountSchema, repaymentQuoteSchema } from './shared.ts';
export * from './cancel-financing.ts';
export * from './core-enterprises.ts';
export * from './drawable.ts';
export * from './drawdowns.ts';
export * from './due.ts';
export * from './extensions.ts';
export * from './financing-application.ts';
export * from './financing-detail.ts';
export * from './financing-list.ts';
export * from './invoice-checks.ts';
export * from './invoices.ts';
export * from './platforms.ts';
export * from './register-invoice.ts';
export * from './repay.ts';
export * from './repayment-quote.ts';
export * from './request-drawdown.ts';
export * from './request-extension.ts';
export * from './submit-voucher.ts';
export * from './summary.ts';

// ---------------------------------------------------------------------------------------------
// The operations (issue 23): every route is an enterprise user's. Reads see the caller's
// enterprise; everything that applies, pays or asks needs it certified (the server's scope).
// ---------------------------------------------------------------------------------------------

export const supplyLoanApi = {
  ...platforms, // platforms, platform, joinPlatform, creditLines
  ...coreEnterprises,
  ...summary,
  ...invoices,
  ...registerInvoice,
  ...invoiceChecks,
  ...financingApplication, // trial, applyInvoiceFinancing, applyOrderLoan
  ...financingList,
  ...financingDetail,
  ...cancelFinancing,
  ...repaymentQuote,
  ...repay,
  ...submitVoucher,
  ...requestExtension,
  ...extensions,
  ...requestDrawdown,
  ...drawdowns,
  ...drawable,
  ...due,
};
