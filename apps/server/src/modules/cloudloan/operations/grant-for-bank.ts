import type { cloudLoanGrantInput } from '@factoring/domain/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { decideTask, type TaskOperator, type TaskRegistry } from '../../bpm/index.ts';
import { recordGrantTerms } from '../operator-bank.ts';
import { pendingTaskOf } from './pending-task.ts';

/**
 * The operator grants for the bank with the terms entered: the terms land in the built-in bank's books
 * and its task is approved, in one transaction (a refused approval leaves no terms behind).
 */
export async function grantForBank(
  db: Db,
  registry: TaskRegistry,
  applicationId: number,
  operator: TaskOperator,
  input: z.output<typeof cloudLoanGrantInput>,
) {
  const { comment, ...terms } = input;
  return inTransaction(db, async (tx) => {
    const taskId = await pendingTaskOf(tx, applicationId);
    await recordGrantTerms(tx, taskId, terms);
    return decideTask(tx, registry, taskId, operator, 'APPROVE', comment || null);
  });
}
