import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bpmTasks } from '../../db/schema/index.ts';
import { userDirectory } from '../account/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { taskLifecycle } from '@factoring/domain';
import type { BpmTask, TaskOperator } from './registry.ts';

export async function lockTask(tx: Tx, id: number) {
  const [task] = await tx.select().from(bpmTasks).where(eq(bpmTasks.id, id)).for('update');
  if (!task) throw new NotFoundError('任务不存在');
  return task;
}

export function assertPending(task: BpmTask) {
  if (task.state !== 'PENDING') throw new BusinessError(`该任务${taskLifecycle.label(task.state)}，不能重复处理`);
}

export async function assertMayAct(tx: Tx, task: BpmTask, operator: TaskOperator) {
  if (task.assigneeId && task.assigneeId !== operator.id) {
    const [owner] = await tx.select({ name: userDirectory.displayName }).from(userDirectory).where(eq(userDirectory.id, task.assigneeId));
    throw new BusinessError(`该任务已由 ${owner?.name ?? '其他审核人员'} 领取，请勿重复处理`);
  }
}
