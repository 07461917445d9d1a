import type { Tx } from '../../db/client.ts';
import type { bpmTasks } from '../../db/schema/index.ts';

export type BpmTask = typeof bpmTasks.$inferSelect;

/** The operator deciding a task, as written to the audit log. */
export interface TaskOperator {
  id: number;
  name: string;
  ip?: string;
}

/** What a decision changed in the business record, for the audit log's before/after. */
export interface DecisionEffect {
  before?: unknown;
  after?: unknown;
}

/**
 * A kind of task in the operators' inbox. A business module registers its types once (at route
 * registration); approving or rejecting a task calls the type's handler inside the decision's
 * transaction, with the task row already locked, so the business change and the task's new state
 * commit together or not at all. A handler refuses with a BusinessError; the task then stays pending.
 */
export interface TaskType {
  type: string;
  /** Chinese label for the inbox's type filter and column. */
  label: string;
  onApprove(tx: Tx, task: BpmTask, operator: TaskOperator, comment: string | null): Promise<DecisionEffect | void>;
  onReject(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string): Promise<DecisionEffect | void>;
}

const registry = new Map<string, TaskType>();

/** Registers (or replaces, for a rebuilt app in the same process) a task type. */
export function registerTaskType(taskType: TaskType): void {
  if (!/^[A-Z][A-Z0-9_]{1,39}$/.test(taskType.type)) throw new Error(`task type "${taskType.type}" must be UPPER_SNAKE_CASE`);
  registry.set(taskType.type, taskType);
}

export function findTaskType(type: string): TaskType | undefined {
  return registry.get(type);
}

export function listTaskTypes(): { type: string; label: string }[] {
  return [...registry.values()].map(({ type, label }) => ({ type, label }));
}
