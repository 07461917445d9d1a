import { taskLifecycle, type TaskState } from '@factoring/domain';
import type { TaskRegistry } from './registry.ts';

/** A task's type label and state label in the type's own words (a pay-out reads 已出款 / 出款失败, not 已通过 / 已驳回). */
export function labelsOf(registry: TaskRegistry, task: { type: string; state: TaskState }) {
  const type = registry.find(task.type);
  const words = type?.decisionLabels;
  const stateLabel =
    words && task.state === 'APPROVED'
      ? words.approve
      : words && task.state === 'REJECTED'
        ? words.reject
        : taskLifecycle.label(task.state);
  return { typeLabel: type?.label ?? task.type, stateLabel };
}
