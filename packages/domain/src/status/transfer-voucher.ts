// A transfer voucher (issue 35, one offline payment): an enterprise says it paid the factor's collection
// account by bank transfer — a repayment, a margin, a top-up — and uploads the bank's receipt (PENDING); a
// second operator confirms the money arrived (CONFIRMED — the receipt is booked and the product pays what
// the voucher was for) or rejects it (REJECTED). A voucher whose loan ends before the decision is WITHDRAWN.
import { defineLifecycle } from '../state-machine.ts';

export type TransferVoucherStatus = 'PENDING' | 'CONFIRMED' | 'REJECTED' | 'WITHDRAWN';
export const transferVoucherLifecycle = defineLifecycle<TransferVoucherStatus>(
  { PENDING: ['CONFIRMED', 'REJECTED', 'WITHDRAWN'], CONFIRMED: [], REJECTED: [], WITHDRAWN: [] },
  { PENDING: '待确认', CONFIRMED: '已确认到账', REJECTED: '已驳回', WITHDRAWN: '已撤销' },
);
export const TRANSFER_VOUCHER_STATUSES = transferVoucherLifecycle.states;
