// The status sets of the bank cloud loan (PRODUCT §7): an application the bank decides, and each
// drawdown against the credit it grants. Overdue is a flag on a drawdown and an instalment, not a
// state. The server changes a status only through these machines (apps/server/src/lib/transition.ts).
import { defineLifecycle } from '../state-machine.ts';
import { instalmentLifecycle, INSTALMENT_STATUS_LABELS, type InstalmentStatus } from './loan-instalment.ts';

export type CloudLoanApplicationStatus = 'SUBMITTED' | 'GRANTED' | 'REJECTED';

export const CLOUD_LOAN_APPLICATION_STATUS_LABELS: Readonly<Record<CloudLoanApplicationStatus, string>> = {
  SUBMITTED: '银行审批中',
  GRANTED: '已授信',
  REJECTED: '已拒绝',
};

export const cloudLoanApplicationLifecycle = defineLifecycle<CloudLoanApplicationStatus>(
  { SUBMITTED: ['GRANTED', 'REJECTED'], GRANTED: [], REJECTED: [] },
  CLOUD_LOAN_APPLICATION_STATUS_LABELS,
);

export type CloudLoanDrawdownStatus = 'DRAWN' | 'REPAYING' | 'SETTLED';

export const CLOUD_LOAN_DRAWDOWN_STATUS_LABELS: Readonly<Record<CloudLoanDrawdownStatus, string>> = {
  DRAWN: '已放款',
  REPAYING: '还款中',
  SETTLED: '已结清',
};

export const cloudLoanDrawdownLifecycle = defineLifecycle<CloudLoanDrawdownStatus>(
  // DRAWN → SETTLED: paid off before the first instalment.
  { DRAWN: ['REPAYING', 'SETTLED'], REPAYING: ['SETTLED'], SETTLED: [] },
  CLOUD_LOAN_DRAWDOWN_STATUS_LABELS,
);

/** The cloud loan's plan is the core's schedule kind: its instalments have the one instalment machine. */
export type CloudLoanInstalmentStatus = InstalmentStatus;
export const CLOUD_LOAN_INSTALMENT_STATUS_LABELS = INSTALMENT_STATUS_LABELS;
export const cloudLoanInstalmentLifecycle = instalmentLifecycle;

export type CloudLoanRepaymentKind = 'AUTO_DEBIT' | 'EARLY_INSTALMENT' | 'PAYOFF';

export const CLOUD_LOAN_REPAYMENT_KIND_LABELS: Readonly<Record<CloudLoanRepaymentKind, string>> = {
  AUTO_DEBIT: '到期自动扣款',
  EARLY_INSTALMENT: '提前还当期',
  PAYOFF: '提前结清',
};
