// Status machines of the fund account (PRODUCT §5): whitelisted payees, withdrawals, consignment (代付) applications.
import { defineLifecycle } from '../state-machine.ts';

export type PayeeStatus = 'PENDING' | 'ACTIVE' | 'REJECTED' | 'DISABLED';

/** A payee of directed payment: reviewed before it can be paid; a rejected one is corrected and resubmitted. */
export const payeeLifecycle = defineLifecycle<PayeeStatus>(
  {
    PENDING: ['ACTIVE', 'REJECTED'],
    ACTIVE: ['DISABLED'], // a change of an active payee is a pending change beside it, not a status
    REJECTED: ['PENDING'],
    DISABLED: [],
  },
  { PENDING: '待审核', ACTIVE: '已生效', REJECTED: '已驳回', DISABLED: '已停用' },
);
export const PAYEE_STATUSES = payeeLifecycle.states;

export type WithdrawalStatus = 'PENDING' | 'PAID' | 'FAILED';

/** A withdrawal waits for the bank's pay-out; a failed one has returned amount and fee. */
export const withdrawalLifecycle = defineLifecycle<WithdrawalStatus>(
  { PENDING: ['PAID', 'FAILED'], PAID: [], FAILED: [] },
  { PENDING: '处理中', PAID: '已出款', FAILED: '失败已退回' },
);
export const WITHDRAWAL_STATUSES = withdrawalLifecycle.states;

export type ConsignmentStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

/** A consignment (代付) application, reviewed once. */
export const consignmentLifecycle = defineLifecycle<ConsignmentStatus>(
  { PENDING: ['APPROVED', 'REJECTED'], APPROVED: [], REJECTED: [] },
  { PENDING: '待审核', APPROVED: '已通过', REJECTED: '已驳回' },
);
export const CONSIGNMENT_STATUSES = consignmentLifecycle.states;
