import { formatPercent, formatYuan, parseYuan, type Cents } from '@factoring/domain';
import type { CreditStatus, FinancingStatus, InvoiceStatus } from './api.ts';

export const FINANCING_STATUS: Record<FinancingStatus, { label: string; color: string }> = {
  SUBMITTED: { label: '待审核', color: 'processing' },
  APPROVED: { label: '审核通过', color: 'cyan' },
  CONTRACT_SIGNED: { label: '合同已签署', color: 'geekblue' },
  DISBURSED: { label: '已放款', color: 'blue' },
  REPAYING: { label: '还款中', color: 'gold' },
  SETTLED: { label: '已结清', color: 'success' },
  REJECTED: { label: '已驳回', color: 'error' },
  CANCELLED: { label: '已取消', color: 'default' },
};

export const FINANCING_STATUS_OPTIONS = (Object.keys(FINANCING_STATUS) as FinancingStatus[]).map((value) => ({ value, label: FINANCING_STATUS[value].label }));

export const INVOICE_STATUS: Record<InvoiceStatus, { label: string; color: string }> = {
  REGISTERED: { label: '待核验', color: 'processing' },
  VERIFIED: { label: '已核验', color: 'success' },
  FINANCED: { label: '已融资', color: 'blue' },
  SETTLED: { label: '已结清', color: 'default' },
  REJECTED: { label: '核验未通过', color: 'error' },
};

export const CREDIT_STATUS: Record<CreditStatus, { label: string; color: string }> = {
  ACTIVE: { label: '有效', color: 'success' },
  FROZEN: { label: '冻结', color: 'warning' },
  EXPIRED: { label: '已到期', color: 'default' },
};

export const TRANCHE_STATUS = {
  PENDING: { label: '待放款', color: 'processing' },
  DISBURSED: { label: '未结清', color: 'blue' },
  SETTLED: { label: '已结清', color: 'success' },
  CANCELLED: { label: '已取消', color: 'default' },
} as const;

export const REVIEW_STATUS = {
  PENDING: { label: '审核中', color: 'processing' },
  APPROVED: { label: '已通过', color: 'success' },
  REJECTED: { label: '已驳回', color: 'error' },
  CONFIRMED: { label: '已确认', color: 'success' },
} as const;

export const yuan = (c: number | null | undefined) => `¥${formatYuan(c ?? 0)}`;
export const percent = (ppm: number | null | undefined) => formatPercent(ppm ?? 0);

/** An ISO instant as a China date and time, e.g. '2026-05-18 14:03:09'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(new Date(iso).getTime() + 8 * 3600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** Today in China as YYYY-MM-DD (the business day the server counts in). */
export function todayChina(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
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


/** The message of an answer that did not succeed, or null for OK. */
export function failureOf(res: { status: string; message: unknown }): string | null {
  return res.status === 'ERROR' ? String(res.message ?? '操作失败') : null;
}
