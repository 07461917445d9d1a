import type { Cents } from '@factoring/domain';
import type { TaskOperator } from '../../lib/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { bpmTasks, TaskField } from '../../db/schema/index.ts';

export type BpmTask = typeof bpmTasks.$inferSelect;

export type { TaskOperator };

/** What an approval adds to the factor's book: see `TaskType.exposure`. */
export interface BookAddition {
  borrowerId: number;
  debtorId: number | null;
  principal: Cents;
}

/** What a decision changed in the business record, for the audit log's before/after. */
export interface DecisionEffect {
  before?: unknown;
  after?: unknown;
  /**
   * The bank receipt an approval booked (issue 35): the journal entry that put the money on the factor's
   * bank account. Every type that `receivesPayment` returns it; the bank statement links its line to it.
   */
  received?: { entryId: number };
}

/**
 * A rule of the inbox that concerns many areas' task types (issue 35): the risk limit gate, the bank
 * statement's links. `app.ts` lists the hooks once; the inbox runs every hook that concerns a task's type
 * around its decision, in the decision's transaction (the first listed outermost), and adds their facts to
 * its drawer. A hook calls `decide()` exactly once, or refuses with a BusinessError before it.
 */
export interface DecisionHook {
  concerns(type: TaskType): boolean;
  describe?(db: Db, type: TaskType, task: BpmTask): Promise<TaskField[]>;
  approve?(tx: Tx, type: TaskType, task: BpmTask, decide: () => Promise<DecisionEffect | void>): Promise<DecisionEffect | void>;
  reject?(
    tx: Tx,
    type: TaskType,
    task: BpmTask,
    reason: string,
    decide: () => Promise<DecisionEffect | void>,
  ): Promise<DecisionEffect | void>;
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
  /**
   * Maker-checker (four eyes): this type carries out what a task of type `executes` approved — a
   * disbursement after its approval, a pay-out after its review. The operator who decided that task
   * may not decide (nor claim) this one; the inbox enforces it for every type that says so. The link:
   * a task created inside another task's decision follows that task (`bpm_tasks.follows_task_id`,
   * recorded by the inbox); otherwise the latest approved `executes` task of `approvedRef(task)`.
   */
  executes?: string;
  /**
   * Where the approving task is, when it was not opened inside that task's decision: the `ref_id` of
   * the `executes` task for this task (a tranche's disbursement executes its financing's approval).
   * Without it, the same `ref_id` as this task's.
   */
  approvedRef?(task: BpmTask): string;
  /** Chinese words for the two decisions where 通过 / 驳回 would mislead (a pay-out: 已出款 / 出款失败). */
  decisionLabels?: { approve: string; reject: string };
  /**
   * Live facts about the business record for the task drawer (e.g. whether the contract is signed),
   * read when the task is opened, beside the fields stored at submission.
   */
  describe?(db: Db, task: BpmTask): Promise<TaskField[]>;
  /**
   * What approving this task would add to the factor's book (issue 27): the borrower, the debtor whose
   * receivables back it (null for a goods pledge) and the principal. The risk desk's limit gate
   * (`limitGate`, a decision hook listed in app.ts) shows the book after the decision and refuses past a hard limit.
   * Null when the task adds nothing (already decided, or nothing left to lend).
   */
  exposure?(db: Db, task: BpmTask): Promise<BookAddition | null>;
  /**
   * The business record whose contracts the factor countersigns when this task is approved (issue 37):
   * the decision that follows the enterprise's signature (a supply loan's disbursement, a pledge's
   * approval). The inbox calls the contracts module's `countersign` in the decision's transaction,
   * named for the approving operator — the one place the factor's signature is made.
   */
  countersigns?(task: BpmTask): { relatedType: string; relatedId: string };
  /**
   * An offline payment (issue 35): approving books money that arrived on the factor's bank account — a
   * recorded deposit, a transfer voucher — and the effect names the receipt (`DecisionEffect.received`).
   * The bank statement's lines follow such a task's decision.
   */
  receivesPayment?: boolean;
  onApprove(tx: Tx, task: BpmTask, operator: TaskOperator, comment: string | null): Promise<DecisionEffect | void>;
  onReject(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string): Promise<DecisionEffect | void>;
}

/** What the web learns about a type: its label, the step it executes (maker-checker) and its decision words. */
export interface TaskTypeInfo {
  type: string;
  label: string;
  executes?: string;
  decisionLabels?: { approve: string; reject: string };
}

/** The task types of one app, passed to the inbox's functions (no module-global state). */
export interface TaskRegistry {
  find(type: string): TaskType | undefined;
  /** The hooks that concern a type, outermost first. */
  hooksOf(type: TaskType): readonly DecisionHook[];
  list(): TaskTypeInfo[];
  /** Adds a type after the app was built: for tests that probe the inbox with their own types. */
  add(taskType: TaskType): void;
  /** The words of an area (an endpoint tag) a product or module registered, for the audit log. */
  areaLabel(tag: string): string | undefined;
}

function assertTypeName(type: string) {
  if (!/^[A-Z][A-Z0-9_]{1,39}$/.test(type)) throw new Error(`task type "${type}" must be UPPER_SNAKE_CASE`);
}

/** Builds an app's registry from the areas' lists; a type listed twice is a wiring mistake. */
export function taskRegistry(
  types: readonly TaskType[],
  hooks: readonly DecisionHook[] = [],
  areaLabels: Readonly<Record<string, string>> = {},
): TaskRegistry {
  const byType = new Map<string, TaskType>();
  const add = (taskType: TaskType) => {
    assertTypeName(taskType.type);
    if (byType.has(taskType.type)) throw new Error(`task type "${taskType.type}" is listed twice`);
    byType.set(taskType.type, taskType);
  };
  for (const taskType of types) add(taskType);
  for (const taskType of byType.values())
    if (taskType.executes && !byType.has(taskType.executes))
      throw new Error(`task type "${taskType.type}" executes "${taskType.executes}", which is not listed`);
  return {
    find: (type) => byType.get(type),
    hooksOf: (type) => hooks.filter((h) => h.concerns(type)),
    list: () => [...byType.values()].map(({ type, label, executes, decisionLabels }) => ({ type, label, executes, decisionLabels })),
    add,
    areaLabel: (tag) => (Object.hasOwn(areaLabels, tag) ? areaLabels[tag] : undefined),
  };
}
