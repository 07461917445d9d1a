// The receivables face (issue 36, PRODUCT §13): what products, purchase/sales, the seed and app.ts use.
// Financed once — every product that finances a receivable claims it here, in its financing's own
// transaction, and releases, funds or settles it with the financing. Invoice verification — the tax
// bureau's check behind the `InvoiceVerifier` port (the app's, `ReceivablePorts`), kept with the invoice; the
// weekly check is a close-of-business step. Registration — the registry (中登网) behind the `RegistryAdapter`
// port: the factor's registration of each financing, the searches kept with it, the gate before money goes
// out, the cancellation once it is settled. app.ts registers routes.ts and registry/routes.ts itself.
export {
  claimReceivables,
  financeBlocks,
  fundReceivables,
  heldOrders,
  RECEIVABLE_FINANCED,
  releaseReceivables,
  settleReceivables,
  standingOf,
  type Holder,
  type ReceivableClaim,
} from './financed-once.ts';
export { invoiceKeys, partyKeysOf, type InvoiceRef } from './keys.ts';
export {
  assertClearForDisbursement,
  bureauProblem,
  checkInvoice,
  checkSubjects,
  checksOf,
  creditedOf,
  creditOf,
  eligibleInvoices,
  latestChecks,
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
// Registration at the movable-property financing registry (中登网, issue 36): the port and its built-in local
// registry, the factor's registration on approval, the gate and facts before disbursement, the supplier's tag,
// the close of business's cancellations; the app's ports (the tax bureau and the registry) held per app.
export { BUILT_IN_FACTOR, BUILT_IN_RECEIVABLES, builtInReceivablePorts, type ReceivablePorts } from './ports.ts';
export { localRegistry } from './registry/local-registry.ts';
export { RegistryRefusal, type RegistryAdapter, type RegistryParty } from './registry/port.ts';
export { cancelRegistration, registerFinancing, registryCancelStep } from './registry/filings.ts';
export { registerOnApproval } from './registry/on-approval.ts';
export { searchForFinancing } from './registry/searches.ts';
export { assertRegistryClear, registryFacts } from './registry/gate.ts';
// The debtor's part (issue 36): confirmation (确权) and the notices of assignment and release. The approval and the
// disbursement of a product ask the gates; app.ts wires the notice task type, sign hook, close-of-business step and
// menu gate; the `NoticeDelivery` port is one of the app's `ReceivablePorts` (built-in unless buildApp is handed another).
export { assertAssignmentClear, assertNotDisputed, assignmentFacts } from './confirmations/gate.ts';
export { confirmReceivables, disputeReceivables } from './confirmations/confirm.ts';
export { debtorMenuGate } from './confirmations/menu-gate.ts';
export { drawUpAssignmentNotice } from './notices/draw-up.ts';
export { noticeSignHook, noticeTaskTypes } from './notices/countersign-task.ts';
/** Its kinds of contract (issue 35), which app.ts registers: the debtor's letter and the notice of assignment. */
export { ASSIGNMENT_NOTICE_KIND, RECEIVABLE_CONFIRMATION_KIND, RECEIVABLES_CONTRACT_KINDS } from './contract-kinds.ts';
export { noticeDispatchStep, sendForDispute } from './notices/dispatch-step.ts';
export { acknowledgeNotice, armNotice, sendByHand } from './notices/operations.ts';
export { NOTICE_TASK } from './notices/retire.ts';
export { builtInNoticeDelivery, type DeliveryReceipt, type NoticeDelivery, type NoticeLetter } from './notices/delivery.ts';
