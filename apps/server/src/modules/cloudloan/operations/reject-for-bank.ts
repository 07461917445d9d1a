import type { Db } from '../../../db/client.ts';
import { decideTask, type TaskOperator, type TaskRegistry } from '../../bpm/index.ts';
import { pendingTaskOf } from './pending-task.ts';

/** The operator refuses for the bank, with the reason the enterprise will see. */
export async function rejectForBank(db: Db, registry: TaskRegistry, applicationId: number, operator: TaskOperator, reason: string) {
  return decideTask(db, registry, await pendingTaskOf(db, applicationId), operator, 'REJECT', reason);
}
