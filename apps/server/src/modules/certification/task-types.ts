import type { TaskType } from '../bpm/index.ts';
import { authenticationTaskType } from './decide-authentication.ts';
import { accountChangeTaskType } from './settlement-account.ts';

/** The certification tasks of the operators' inbox (listed in `TASK_TYPES`, app.ts). */
export const CERTIFICATION_TASK_TYPES: readonly TaskType[] = [authenticationTaskType, accountChangeTaskType];
