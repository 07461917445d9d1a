import type { ContractStatus, ContractType } from './api.ts';

export const TYPE_OPTIONS: { value: ContractType; label: string }[] = [
  { value: 'FACTORING_AGREEMENT', label: '保理协议' },
  { value: 'FINANCING', label: '融资合同' },
  { value: 'PLEDGE', label: '质押合同' },
  { value: 'MARGIN', label: '保证金协议' },
  { value: 'CLOUD_LOAN', label: '云贷协议' },
];

export const STATUS_OPTIONS: { value: ContractStatus; label: string; color: string }[] = [
  { value: 'TO_SIGN', label: '待签署', color: 'orange' },
  { value: 'SIGNED', label: '已签署', color: 'green' },
  { value: 'EXPIRED', label: '已过期', color: 'default' },
  { value: 'VOID', label: '已作废', color: 'red' },
];

export const statusColor = (s: ContractStatus) => STATUS_OPTIONS.find((o) => o.value === s)?.color ?? 'default';

/** 1536 → '1.5 KB'. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** An ISO instant as local date and time, e.g. '2026-05-18 14:03:09'. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
