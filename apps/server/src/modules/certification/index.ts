// The certification face (issue 23): the operator task types, the settlement account the demo seed
// binds and changes, and the approved legal representative a signing certificate names.
// app.ts registers routes.ts itself.
export { CERTIFICATION_TASK_TYPES } from './task-types.ts';
export { approvedLegalRepresentative } from './legal-representative.ts';
export { settlementAccountDirectory } from './settlement-account-directory.ts';
export { bindSettlementAccount, boundSettlementAccount, openAccountChangeTask } from './settlement-account.ts';
export type { AccountFields } from './validation.ts';
