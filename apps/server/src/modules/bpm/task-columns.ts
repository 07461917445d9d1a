import { bpmTasks } from '../../db/schema/index.ts';
import { enterpriseDirectory, userDirectoryAs } from '../account/index.ts';

/** The inbox's list and drawer columns: a task with its enterprise, assignee and decider by name. */
export const assignee = userDirectoryAs('assignee');
export const decider = userDirectoryAs('decider');

export const listColumns = {
  id: bpmTasks.id,
  type: bpmTasks.type,
  subject: bpmTasks.subject,
  enterpriseId: bpmTasks.enterpriseId,
  enterpriseName: enterpriseDirectory.name,
  refId: bpmTasks.refId,
  state: bpmTasks.state,
  assigneeId: bpmTasks.assigneeId,
  assigneeName: assignee.displayName,
  decision: bpmTasks.decision,
  reason: bpmTasks.reason,
  decidedByName: decider.displayName,
  createdAt: bpmTasks.createdAt,
  decidedAt: bpmTasks.decidedAt,
};
