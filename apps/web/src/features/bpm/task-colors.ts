import type { AuditEntry, TaskDetail, TaskState } from './api.ts';
import { ACTION_LABELS } from './audit-words.ts';

/** The colours of a task's state and of an audit row's action, shared by the inbox and the audit log. */
export const STATE_COLORS: Record<TaskState, string> = { PENDING: 'processing', APPROVED: 'success', REJECTED: 'error' };
export const ACTION_COLORS: Record<AuditEntry['action'], string> = {
  SUBMIT: 'blue',
  CLAIM: 'gray',
  RELEASE: 'gray',
  APPROVE: 'green',
  REJECT: 'red',
  UPDATE: 'purple',
  OPERATE: 'cyan',
};

/** A decision in the task type's own words: a pay-out is 已出款 / 出款失败, not 通过 / 驳回. */
export const actionLabel = (action: AuditEntry['action'], words: TaskDetail['decisionLabels']) =>
  (action === 'APPROVE' && words?.approve) || (action === 'REJECT' && words?.reject) || ACTION_LABELS[action];
