import type { AuditEntry } from './api.ts';

// The audit log's words (the table, the task history and the Excel export say an action alike).

export const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  SUBMIT: '提交',
  CLAIM: '领取',
  RELEASE: '退回任务池',
  APPROVE: '审核通过',
  REJECT: '驳回',
  UPDATE: '修改配置',
  OPERATE: '操作',
};

/** What was done: the row's own words (计提风险准备金), the operator call's summary (its contract text), else the task event's word. */
export const auditActionText = (row: Pick<AuditEntry, 'action' | 'operationLabel' | 'actionLabel'>) =>
  row.actionLabel ?? row.operationLabel ?? ACTION_LABELS[row.action];
