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
 * A kind of task in the operators' inbox. A business module exports its types as a list, and
 * `buildApp` builds the app's registry from every area's list (`TASK_TYPES` in app.ts). Approving or
 * rejecting a task calls the type's handler inside the decision's transaction, with the task row
 * already locked, so the business change and the task's new state commit together or not at all.
 * A handler refuses with a BusinessError; the task then stays pending.
 */
export interface TaskType {
  type: string;
  /** Chinese label for the inbox's type filter and column. */
  label: string;
  onApprove(tx: Tx, task: BpmTask, operator: TaskOperator, comment: string | null): Promise<DecisionEffect | void>;
  onReject(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string): Promise<DecisionEffect | void>;
}

/** The task types of one app, passed to the inbox's functions (no module-global state). */
export interface TaskRegistry {
  find(type: string): TaskType | undefined;
  list(): { type: string; label: string }[];
  /** Adds a type after the app was built: for tests that probe the inbox with their own types. */
  add(taskType: TaskType): void;
}

function assertTypeName(type: string) {
  if (!/^[A-Z][A-Z0-9_]{1,39}$/.test(type)) throw new Error(`task type "${type}" must be UPPER_SNAKE_CASE`);
}

/** Builds an app's registry from the areas' lists; a type listed twice is a wiring mistake. */
export function taskRegistry(types: readonly TaskType[]): TaskRegistry {
  const byType = new Map<string, TaskType>();
  const add = (taskType: TaskType) => {
    assertTypeName(taskType.type);
    if (byType.has(taskType.type)) throw new Error(`task type "${taskType.type}" is listed twice`);
    byType.set(taskType.type, taskType);
  };
  for (const taskType of types) add(taskType);
  return {
    find: (type) => byType.get(type),
    list: () => [...byType.values()].map(({ type, label }) => ({ type, label })),
    add,
  };
}
