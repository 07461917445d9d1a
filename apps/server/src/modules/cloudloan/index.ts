// The cloud-loan face (issue 23): what app.ts lists — the bank adapters that come with the portal (and the
// registry builder), the built-in bank's inbox task, the loan agreement's sign hook and the daily debit —,
// the menu gate the menus ask (eligibility, or an application of the enterprise's own), and the operations the demo seed drives. app.ts registers routes.ts itself.
export { bankAdapters, BUILT_IN_BANK_ADAPTERS, builtInBanksOnly } from './adapters.ts';
export type { BankAdapter, BankAdapters } from './bank-adapter.ts';
/** The product app.ts registers (issue 35) with its banks: its loans in the one book, its task, sign hook and daily debit. */
export { cloudLoanProduct } from './lending-product.ts';
/** The demo seed drives the inbox, the signing and the daily debit as the app does. */
export { CLOUD_LOAN_TASK_TYPES } from './operator-bank.ts';
export { CLOUD_LOAN_CONTRACT_KIND, cloudLoanSignHook } from './contract-kind.ts';
export { cloudLoanDebitStep } from './jobs/daily-debit.ts';
export { eligibilityScope, isCloudLoanInMenu } from './eligibility.ts';
export { submitApplication } from './operations/apply.ts';
export { grantForBank } from './operations/grant-for-bank.ts';
export { drawdown } from './operations/draw.ts';
