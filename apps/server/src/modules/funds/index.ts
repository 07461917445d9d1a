// The funds face (issue 23): payees, deposits, transfers, withdrawals and payments out of controlled
// funds as other areas and the demo seed drive them, and the operator task types.
// app.ts registers routes.ts itself.
export { FUNDS_TASK_TYPES } from './task-types.ts';
export { activePayee, activePayees, openPayee } from './payees.ts';
export { recordDeposit, submitDeposit } from './deposit.ts';
export type { Submitter } from './operator-tasks.ts';
export { internalTransfer } from './transfer.ts';
export { requestWithdrawal } from './withdraw.ts';
export { lockControlledLeft, payFromControlled } from './controlled.ts';
export { controlledOfLoan, postControlledDisbursement, postControlledRepayment, releaseControlledFunds } from './loan-tranches.ts';
export { payoutBanks, type PayoutParty } from './payout-banks.ts';
