// Status machines: a transition not listed is refused (PRODUCT §6, §8, §4). The builder lives in
// state-machine.ts so that status/*.ts can use it without importing this file back (no import cycle).
import { defineLifecycle } from './state-machine.ts';

export * from './state-machine.ts';
export { financingLifecycle, FINANCING_STATUS_LABELS, FINANCING_STATUSES, type FinancingStatus } from './status/supplyloan.ts';

export type PledgeStatus =
  'SUBMITTED' | 'MARGIN_PENDING' | 'MARGIN_PAID' | 'APPROVED' | 'DISBURSED' | 'REPAYING' | 'SETTLED' | 'REJECTED' | 'CANCELLED';

export const PLEDGE_STATUS_LABELS: Readonly<Record<PledgeStatus, string>> = {
  SUBMITTED: '待审核',
  MARGIN_PENDING: '待缴保证金',
  MARGIN_PAID: '保证金已缴',
  APPROVED: '审核通过',
  DISBURSED: '已放款',
  REPAYING: '还款中',
  SETTLED: '已结清',
  REJECTED: '已驳回',
  CANCELLED: '已取消',
};

export const pledgeLifecycle = defineLifecycle<PledgeStatus>(
  {
    SUBMITTED: ['MARGIN_PENDING', 'REJECTED', 'CANCELLED'],
    MARGIN_PENDING: ['MARGIN_PAID', 'REJECTED', 'CANCELLED'],
    MARGIN_PAID: ['APPROVED', 'REJECTED', 'CANCELLED'],
    APPROVED: ['DISBURSED', 'REJECTED', 'CANCELLED'],
    DISBURSED: ['REPAYING', 'SETTLED'],
    REPAYING: ['SETTLED'],
    SETTLED: [],
    REJECTED: [],
    CANCELLED: [],
  },
  PLEDGE_STATUS_LABELS,
);

export const PLEDGE_STATUSES = pledgeLifecycle.states;

export type AuthenticationStatus = 'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED';

export const AUTHENTICATION_STATUS_LABELS: Readonly<Record<AuthenticationStatus, string>> = {
  DRAFT: '草稿',
  PENDING: '待审核',
  APPROVED: '已通过',
  REJECTED: '已驳回',
};

export const authenticationLifecycle = defineLifecycle<AuthenticationStatus>(
  {
    DRAFT: ['DRAFT', 'PENDING'], // DRAFT → DRAFT: save again
    PENDING: ['APPROVED', 'REJECTED'],
    APPROVED: [],
    REJECTED: ['PENDING'], // resubmit after correction
  },
  AUTHENTICATION_STATUS_LABELS,
);

export const AUTHENTICATION_STATUSES = authenticationLifecycle.states;
