// A login account: opened by its activation mail (or a password reset, which proves the address too);
// an operator may disable and re-enable it.
import { defineLifecycle } from '../state-machine.ts';

export type UserStatus = 'INACTIVE' | 'ACTIVE' | 'DISABLED';

export const userLifecycle = defineLifecycle<UserStatus>(
  { INACTIVE: ['ACTIVE', 'DISABLED'], ACTIVE: ['DISABLED'], DISABLED: ['ACTIVE'] },
  { INACTIVE: '待激活', ACTIVE: '正常', DISABLED: '已停用' },
);
export const USER_STATUSES = userLifecycle.states;
