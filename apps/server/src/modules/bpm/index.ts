// The bpm face (issue 23): the operator task inbox — task types and their registry, opening, deciding
// and withdrawing tasks, the audit trail. app.ts registers routes.ts itself.
export { taskRegistry } from './registry.ts';
export type { BookAddition, BpmTask, DecisionEffect, DecisionHook, TaskOperator, TaskRegistry, TaskType } from './registry.ts';
export { createTask, decideTask, withdrawPendingTasks, writeAudit, type NewTask } from './tasks.ts';
export { taskDirectory, taskDirectoryAs } from './task-directory.ts';
