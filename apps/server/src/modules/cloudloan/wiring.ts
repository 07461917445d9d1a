/**
 * What app.ts lists for the cloud loan: the bank adapters that come with the portal (and the registry
 * builder), the built-in bank's inbox task, the loan agreement's sign hook and the daily debit.
 */
export { bankAdapters, BUILT_IN_BANK_ADAPTERS } from './adapters.ts';
export type { BankAdapter, BankAdapters } from './bank-adapter.ts';
export { CLOUD_LOAN_TASK_TYPES } from './operator-bank.ts';
export { cloudLoanSignHook } from './decide.ts';
export { cloudLoanDebitStep } from './debit-job.ts';
