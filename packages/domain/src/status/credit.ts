// Credit lines (PRODUCT §6): a granted line is active until it expires or is frozen; granting again reactivates it.
import { defineLifecycle } from '../state-machine.ts';

export type CreditLineStatus = 'ACTIVE' | 'FROZEN' | 'EXPIRED';

export const creditLineLifecycle = defineLifecycle<CreditLineStatus>(
  {
    ACTIVE: ['ACTIVE', 'FROZEN', 'EXPIRED'], // ACTIVE → ACTIVE: granted again with a new limit or term
    FROZEN: ['ACTIVE', 'EXPIRED'],
    EXPIRED: ['ACTIVE'],
  },
  { ACTIVE: '生效中', FROZEN: '已冻结', EXPIRED: '已到期' },
);
export const CREDIT_LINE_STATUSES = creditLineLifecycle.states;
