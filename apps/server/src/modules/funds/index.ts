// The funds face (issue 23): payees, deposits, transfers, withdrawals and payments out of controlled
// funds as other areas and the demo seed drive them, and the operator task types.
// app.ts registers routes.ts itself.
export { FUNDS_TASK_TYPES } from './task-types.ts';
export { activePayee, activePayees } from './queries/payees.ts';
export { openPayee } from './operations/open-payee.ts';
export { recordDeposit } from './operations/record-deposit.ts';
export { submitDeposit } from './operations/submit-deposit.ts';
export type { Submitter } from './operator-tasks.ts';
export { internalTransfer } from './operations/transfer.ts';
export { requestWithdrawal } from './operations/request-withdrawal.ts';
export { lockControlledLeft } from './queries/controlled.ts';
export { payFromControlled } from './operations/pay-from-controlled.ts';
export { controlledOfLoan, postControlledDisbursement, postControlledRepayment, releaseControlledFunds } from './loan-tranches.ts';
export { payoutBanks, type PayoutParty } from './queries/payout-banks.ts';
