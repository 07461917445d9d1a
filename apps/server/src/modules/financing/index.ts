// The lending core's face (issue 22): what every lending product — supply-chain loans, goods-pledge
// financing and the bank cloud loan — uses. Products supply their terms, collateral and schedule.
export { disburse, type Disbursement } from './disbursement.ts';
export { refundUnusedInterest } from './early-settlement.ts';
export { FACTOR_NAME } from './factor.ts';
export { platformOf, type Platform } from './platforms.ts';
export { checkTerm, trial, type PlatformPricing, type Trial } from './pricing.ts';
export type { CollectionRepayment, LoanCollection, OrderBacking, Ports } from './ports.ts';
export { loanStore, type LoanKind } from './loan-store.ts';
export { everyProductsArrears, isOverdue, overdueSql, type EveryLoanArrears, type LoanArrears } from './overdue.ts';
