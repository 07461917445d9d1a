import {
  FLOW_TYPE_LABELS,
  USER_FLOW_TYPES,
  payeeLifecycle,
  type PayeeStatus,
  type WithdrawalStatus,
  type ConsignmentStatus,
} from '@factoring/domain';

// Presentation of the fund account's statuses: the labels come from the domain machines
// (packages/domain/src/status/funds.ts); only the colours are the web's.

export const FLOW_TYPE_OPTIONS = USER_FLOW_TYPES.map((value) => ({ value, label: FLOW_TYPE_LABELS[value] }));

export const DIRECTION_OPTIONS = [
  { value: 'IN', label: '收入' },
  { value: 'OUT', label: '支出' },
] as const;

const PAYEE_COLORS: Record<PayeeStatus, string> = { PENDING: 'orange', ACTIVE: 'green', REJECTED: 'red', DISABLED: 'default' };
export const PAYEE_STATUS_OPTIONS = payeeLifecycle.states.map((value) => ({ value, label: payeeLifecycle.label(value) }));
export const payeeStatusColor = (s: PayeeStatus) => PAYEE_COLORS[s] ?? 'default';

export const WITHDRAWAL_COLORS: Record<WithdrawalStatus, string> = { PENDING: 'processing', PAID: 'success', FAILED: 'error' };

export const CONSIGNMENT_COLORS: Record<ConsignmentStatus, string> = { PENDING: 'orange', APPROVED: 'green', REJECTED: 'red' };

export const RELATION_LABELS = { UPSTREAM: '上游供应商', DOWNSTREAM: '下游客户' } as const;
