// Status machines of certification (PRODUCT §4): the real-name authentication (DRAFT → PENDING →
// APPROVED/REJECTED) and a change of the bound settlement account.
import { defineLifecycle } from '../state-machine.ts';

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

export type AccountChangeStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

/** A request to change the bound settlement account, reviewed once. */
export const accountChangeLifecycle = defineLifecycle<AccountChangeStatus>(
  { PENDING: ['APPROVED', 'REJECTED'], APPROVED: [], REJECTED: [] },
  { PENDING: '待审核', APPROVED: '已通过', REJECTED: '已驳回' },
);
export const ACCOUNT_CHANGE_STATUSES = accountChangeLifecycle.states;
