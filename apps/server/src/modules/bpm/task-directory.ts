import { directoryOf } from '../../db/directory.ts';
import { bpmTasks } from '../../db/schema/index.ts';

/**
 * The inbox's tasks as other areas may read them (issue 35, walls for tables): which task of a type is
 * open for a record, what it carries and who submitted it — a read-only subquery joined like the table
 * (`.leftJoin(taskDirectory, …)`). Only the inbox writes or locks the table.
 */
export const taskDirectoryAs = directoryOf(bpmTasks, {
  id: bpmTasks.id,
  type: bpmTasks.type,
  refId: bpmTasks.refId,
  state: bpmTasks.state,
  reason: bpmTasks.reason,
  data: bpmTasks.data,
  submittedBy: bpmTasks.submittedBy,
  createdAt: bpmTasks.createdAt,
});
export const taskDirectory = taskDirectoryAs('task_directory');
