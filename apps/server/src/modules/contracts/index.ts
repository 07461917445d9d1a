/**
 * What other modules use of contracts: declare a kind of contract (its template, signers and sign hooks —
 * app.ts registers every area's kinds, `contractKinds`), draw one up, ask whether it is signed (and how its
 * status shows), void it, record a signature (the demo seed), countersign
 * for the factor when an operator approves (the inbox, the demo seed), and where
 * the files are kept. app.ts registers routes.ts itself.
 */
export { generateContract, type GenerateContractInput } from './generate-contract.ts';
export { isContractSigned, shownStatus, shownStatusOf, statusLabelOf, voidContractsOf } from './queries.ts';
export { contractKinds, type ContractKind, type ContractKinds, type SignHook, type SignedContract } from './contract-kinds.ts';
/** The pieces a kind's template is written with. */
export { amountStated, closingClauses, orBlank, type Clause, type TemplateInput } from './templates.ts';
export { recordSignature } from './record-signature.ts';
export { countersign, countersignWords, type ContractOwner, type Countersigned } from './countersign.ts';
export { contractStorageDir } from './storage.ts';
export { contractDirectory, contractDirectoryAs } from './contract-directory.ts';
/** The PDF pieces of the portal's documents, for another area's certificate (issue 36: the registry's). */
export { drawRunningHeaders, drawTermsTable, INK, MUTED, openContractPdf } from './render-pdf.ts';
