import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bpmTasks } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { BpmTask, TaskOperator, TaskRegistry } from './registry.ts';
import { decider } from './task-columns.ts';

/** The code of every maker-checker refusal (the web and tests tell it from other refusals by it). */
export const MAKER_CHECKER = 'MAKER_CHECKER';

/**
 * Maker-checker for one task and one operator: the step this task executes (who decided it), and
 * why this operator may not decide it — the submitter of a task never decides it, and whoever
 * decided the step a task executes never decides that task. Null when no four-eyes rule applies.
 */
export async function fourEyesOf(
  db: Db,
  registry: TaskRegistry,
  task: Pick<BpmTask, 'type' | 'refId' | 'data' | 'submittedBy' | 'followsTaskId'>,
  operator?: TaskOperator,
): Promise<{ stepLabel: string | null; decidedByName: string | null; blockedReason: string | null } | null> {
  const type = registry.find(task.type);
  const executes = type?.executes;
  const step = executes ? await stepDecision(db, executes, task, type.approvedRef) : null;
  const stepLabel = executes ? (registry.find(executes)?.label ?? executes) : null;
  // The step this task executes says more than "you submitted it" (an approver usually opened the task too).
  let blockedReason: string | null = null;
  if (operator && step?.decidedBy === operator.id)
    blockedReason = `您已处理该业务的「${stepLabel}」，「${type!.label}」须由另一位操作员执行（四眼原则）`;
  else if (operator && task.submittedBy === operator.id) blockedReason = '该任务由您提交，须由另一位操作员处理（四眼原则）';
  if (!executes && !blockedReason) return null;
  return { stepLabel, decidedByName: step?.decidedByName ?? null, blockedReason };
}

/** Who decided the step a task executes: the task it follows, else the latest approved task of that type for the record. */
async function stepDecision(
  db: Db,
  executes: string,
  task: Pick<BpmTask, 'type' | 'refId' | 'data' | 'submittedBy' | 'followsTaskId'>,
  approvedRef?: (task: BpmTask) => string,
) {
  const where = task.followsTaskId
    ? eq(bpmTasks.id, task.followsTaskId)
    : and(
        eq(bpmTasks.type, executes),
        eq(bpmTasks.refId, approvedRef ? approvedRef(task as BpmTask) : task.refId),
        eq(bpmTasks.state, 'APPROVED'),
      );
  const [row] = await db
    .select({ decidedBy: bpmTasks.decidedBy, decidedByName: decider.displayName })
    .from(bpmTasks)
    .leftJoin(decider, eq(decider.id, bpmTasks.decidedBy))
    .where(where)
    .orderBy(desc(bpmTasks.id))
    .limit(1);
  return row ?? null;
}

/** Refuses, with the MAKER_CHECKER code, an operator the four-eyes rule keeps from this task. */
export async function assertFourEyes(tx: Tx, registry: TaskRegistry, task: BpmTask, operator: TaskOperator) {
  const rule = await fourEyesOf(tx, registry, task, operator);
  if (rule?.blockedReason) throw new BusinessError(rule.blockedReason, MAKER_CHECKER);
}
