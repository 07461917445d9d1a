// The bpm face (issue 23): the operator task inbox — task types and their registry, opening, deciding
// and withdrawing tasks, the audit trail. app.ts registers routes.ts itself.
export { taskRegistry } from './registry.ts';
export type { BookAddition, BpmTask, DecisionEffect, DecisionHook, TaskOperator, TaskRegistry, TaskType } from './registry.ts';
export { writeAudit } from './audit.ts';
export { createTask, type NewTask } from './operations/create-task.ts';
export { lockTaskOfRecord, mergeTaskData } from './operations/task-data.ts';
export { decideTask } from './operations/decide-task.ts';
export { withdrawPendingTasks } from './operations/withdraw-tasks.ts';
export { taskDirectory, taskDirectoryAs } from './task-directory.ts';
