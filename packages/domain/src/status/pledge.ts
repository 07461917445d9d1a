// The margin call (补缴保证金) of a goods-pledge financing (PRODUCT §8, issue 14). The financing's own
// machine is `pledgeLifecycle` (lifecycle.ts). A call is OPEN until the top-up meets it, the
// financing is settled (WITHDRAWN) or its deadline passes unmet (DEFAULTED). At most one call of a
// financing is OPEN at a time (a partial unique index in the schema).
import { defineLifecycle } from '../state-machine.ts';

export type MarginCallStatus = 'OPEN' | 'MET' | 'DEFAULTED' | 'WITHDRAWN';

export const MARGIN_CALL_STATUS_LABELS: Readonly<Record<MarginCallStatus, string>> = {
  OPEN: '待补缴',
  MET: '已补缴',
  DEFAULTED: '逾期未补缴',
  WITHDRAWN: '已撤销',
};

export const marginCallLifecycle = defineLifecycle<MarginCallStatus>(
  // A defaulted call may still be met late (the top-up clears the default flag of the call).
  { OPEN: ['MET', 'DEFAULTED', 'WITHDRAWN'], DEFAULTED: ['MET', 'WITHDRAWN'], MET: [], WITHDRAWN: [] },
  MARGIN_CALL_STATUS_LABELS,
);

export const MARGIN_CALL_STATUSES = marginCallLifecycle.states;
