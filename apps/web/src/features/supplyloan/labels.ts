import type {
  CreditLineStatus,
  FinancingStatus,
  InvoiceCheckOutcome,
  InvoiceStatus,
  RepaymentStatus,
  ReviewStatus,
  TrancheStatus,
} from '@factoring/domain';

// Colours of the supply-loan statuses. The labels come from the domain machines
// (packages/domain/src/status/supplyloan.ts: `financingLifecycle.label(status)` …); only colour is the web's.

export const FINANCING_COLORS: Record<FinancingStatus, string> = {
  SUBMITTED: 'processing',
  APPROVED: 'cyan',
  CONTRACT_SIGNED: 'geekblue',
  DISBURSED: 'blue',
  REPAYING: 'gold',
  SETTLED: 'success',
  REJECTED: 'error',
  CANCELLED: 'default',
};

export const INVOICE_COLORS: Record<InvoiceStatus, string> = {
  REGISTERED: 'processing',
  VERIFIED: 'success',
  FINANCED: 'blue',
  SETTLED: 'default',
  REJECTED: 'error',
};

export const CREDIT_LINE_COLORS: Record<CreditLineStatus, string> = { ACTIVE: 'success', FROZEN: 'warning', EXPIRED: 'default' };

export const TRANCHE_COLORS: Record<TrancheStatus, string> = {
  PENDING: 'processing',
  DISBURSED: 'blue',
  SETTLED: 'success',
  CANCELLED: 'default',
};

export const REVIEW_COLORS: Record<ReviewStatus | RepaymentStatus, string> = {
  PENDING: 'processing',
  APPROVED: 'success',
  REJECTED: 'error',
  CONFIRMED: 'success',
};

/** The tax bureau's answers (issue 36): the labels are the domain's `INVOICE_CHECK_LABELS`. */
export const CHECK_COLORS: Record<InvoiceCheckOutcome, string> = {
  NORMAL: 'success',
  VOID: 'error',
  REVERSED: 'error',
  MISMATCH: 'error',
  NOT_FOUND: 'warning',
  QUOTA_EXCEEDED: 'default',
  UNAVAILABLE: 'default',
  MANUAL: 'blue',
};
