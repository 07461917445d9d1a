// The lending core's face (issue 22, 35): what every lending product uses, and the one shape a product
// registers (`LendingProduct`) from which app.ts builds the one loan book every reader of loans reads.
export { disburse, type Disbursement } from './disbursement.ts';
export { refundUnusedInterest } from './early-settlement.ts';
export { FACTOR_NAME } from './factor.ts';
export { platformOf, type Platform } from './platforms.ts';
export { platformDirectory, platformDirectoryAs } from './platform-directory.ts';
export { checkTerm, trial, type PlatformPricing, type Trial } from './pricing.ts';
export type { CollectionRepayment, LoanCollection, OrderBacking, Ports } from './ports.ts';
export { orderLoanKey, type OrderLoanRef, type OrderLoans } from './order-loans.ts';
export type {
  PurposeBooking,
  TransferVoucher,
  TransferVoucherBook,
  TransferVoucherPurpose,
  WaitingVoucher,
} from './transfer-vouchers/purpose.ts';
export {
  pendingTransferVoucher,
  submitTransferVoucher,
  transferVoucherOf,
  transferVouchersOfLoan,
  voucherOfUpload,
  withdrawTransferVouchers,
} from './transfer-vouchers/store.ts';
export { transferVoucherTaskType } from './transfer-vouchers/decide.ts';
export { transferVoucherBook } from './transfer-vouchers/waiting.ts';
export type { CollectedLine, DebtorCollectionSource, ExpectedCollection } from './debtor-collections.ts';
export { loanStore, type LoanKind } from './loan-store.ts';
export { instalmentStore, type Instalment, type PlannedInstalment } from './instalment-store.ts';
export { isOverdue, overdueSql, type EveryLoanArrears, type LoanArrears } from './overdue.ts';
export {
  loanBook,
  type BookSide,
  type LendingProduct,
  type LoanBook,
  type LoanPosition,
  type MenuGate,
  type ProductLine,
} from './lending-product.ts';
