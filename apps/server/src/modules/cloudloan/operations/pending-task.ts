import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { taskDirectory } from '../../bpm/index.ts';
import { CLOUD_LOAN_TASK } from '../operator-bank.ts';

/** The pending inbox task of an application (built-in bank). */
export async function pendingTaskOf(db: Db | Tx, applicationId: number): Promise<number> {
  const [task] = await db
    .select({ id: taskDirectory.id })
    .from(taskDirectory)
    .where(and(eq(taskDirectory.type, CLOUD_LOAN_TASK), eq(taskDirectory.refId, String(applicationId)), eq(taskDirectory.state, 'PENDING')))
    .orderBy(desc(taskDirectory.id))
    .limit(1);
  if (!task) throw new BusinessError('该申请不在待审批状态', 'NOT_PENDING');
  return task.id;
}
