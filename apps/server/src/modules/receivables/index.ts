// The receivables face (issue 36, PRODUCT §13): what products, purchase/sales, the seed and app.ts use.
// Financed once — every product that finances a receivable claims it here, in its financing's own
// transaction, and releases, funds or settles it with the financing. Invoice verification — the tax
// bureau's check behind the `InvoiceVerifier` port (the built-in simulated bureau unless a real service is
// plugged in), kept with the invoice; the weekly check is a close-of-business step. app.ts registers routes.ts itself.
export {
  claimReceivables,
  financeBlocks,
  fundReceivables,
  heldOrders,
  RECEIVABLE_FINANCED,
  releaseReceivables,
  settleReceivables,
  type Holder,
  type ReceivableClaim,
} from './financed-once.ts';
export { invoiceKeys, partyKeysOf, type InvoiceRef } from './keys.ts';
export {
  activeVerifier,
  assertClearForDisbursement,
  bureauProblem,
  checkInvoice,
  checkSubjects,
  checksOf,
  latestChecks,
  plugInvoiceVerifier,
  preDisbursementFacts,
  recordManualVerification,
  type CheckSubject,
  type InvoiceCheck,
} from './invoice-checks.ts';
export { checkView, summaryOf } from './queries.ts';
export type { BureauAnswer, InvoiceQuery, InvoiceVerifier } from './verifier.ts';
export {
  bureauInvoicesOfOrder,
  changeBureauStatus,
  issueAtBureau,
  nextDigitalInvoiceNumber,
  simulatedTaxBureau,
  type IssuedInvoice,
} from './tax-bureau.ts';
export { invoiceRecheckStep } from './recheck-step.ts';
/** The operator's check of a financed invoice now (the demo seed makes its dilution through it). */
export { recheckAsset } from './desk.ts';
