import { FLOW_TYPE_LABELS, parseYuan, USER_FLOW_TYPES, type Cents } from '@factoring/domain';
import type { PayeeStatus } from './api.ts';

export const FLOW_TYPE_OPTIONS = USER_FLOW_TYPES.map((value) => ({ value, label: FLOW_TYPE_LABELS[value] }));

export const DIRECTION_OPTIONS = [
  { value: 'IN', label: '收入' },
  { value: 'OUT', label: '支出' },
] as const;

export const PAYEE_STATUS_OPTIONS: { value: PayeeStatus; label: string; color: string }[] = [
  { value: 'PENDING', label: '待审核', color: 'orange' },
  { value: 'ACTIVE', label: '已生效', color: 'green' },
  { value: 'REJECTED', label: '已驳回', color: 'red' },
  { value: 'DISABLED', label: '已停用', color: 'default' },
];
export const payeeStatusColor = (s: PayeeStatus) => PAYEE_STATUS_OPTIONS.find((o) => o.value === s)?.color ?? 'default';

export const RELATION_LABELS = { UPSTREAM: '上游供应商', DOWNSTREAM: '下游客户' } as const;

export const WITHDRAWAL_STATUS = {
  PENDING: { label: '处理中', color: 'processing' },
  PAID: { label: '已出款', color: 'success' },
  FAILED: { label: '失败已退回', color: 'error' },
} as const;

/** An ISO instant as China date and time, e.g. '2026-05-18 14:03:09'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(new Date(iso).getTime() + 8 * 3600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** Parses a yuan input into cents, or null while it is not a valid positive amount. */
export function tryParseYuan(text: string | undefined | null): Cents | null {
  try {
    const c = parseYuan(String(text ?? ''));
    return c > 0 ? c : null;
  } catch {
    return null;
  }
}

