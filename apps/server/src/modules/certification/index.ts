// The certification face (issue 23): the operator task types, and the settlement account the demo seed
// binds and changes. app.ts registers routes.ts itself.
export { CERTIFICATION_TASK_TYPES } from './task-types.ts';
export { bindSettlementAccount, boundSettlementAccount, openAccountChangeTask } from './settlement-account.ts';
export type { AccountFields } from './validation.ts';
