// The operators' inbox (PRODUCT §11): a task is decided once.
import { defineLifecycle } from '../state-machine.ts';

export type TaskState = 'PENDING' | 'APPROVED' | 'REJECTED';

export const taskLifecycle = defineLifecycle<TaskState>(
  { PENDING: ['APPROVED', 'REJECTED'], APPROVED: [], REJECTED: [] },
  { PENDING: '待审核', APPROVED: '已通过', REJECTED: '已驳回' },
);
export const TASK_STATES = taskLifecycle.states;
