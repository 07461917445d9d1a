/** What app.ts lists for the cloud loan: the built-in bank's inbox task and the loan agreement's sign hook. */
export { CLOUD_LOAN_TASK_TYPES } from './operator-bank.ts';
export { cloudLoanSignHook } from './decide.ts';
export { cloudLoanDebitJob, runCloudLoanDebits } from './debit-job.ts';
