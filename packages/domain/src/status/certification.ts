// Status machines of certification (PRODUCT §4). The authentication machine (DRAFT → PENDING →
// APPROVED/REJECTED) is older than this folder and lives in lifecycle.ts.
import { defineLifecycle } from '../state-machine.ts';

export type AccountChangeStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

/** A request to change the bound settlement account, reviewed once. */
export const accountChangeLifecycle = defineLifecycle<AccountChangeStatus>(
  { PENDING: ['APPROVED', 'REJECTED'], APPROVED: [], REJECTED: [] },
  { PENDING: '待审核', APPROVED: '已通过', REJECTED: '已驳回' },
);
export const ACCOUNT_CHANGE_STATUSES = accountChangeLifecycle.states;
