// The goods-pledge financing (PRODUCT §8) and its margin call (补缴保证金, issue 14). A call is OPEN
// until the top-up meets it, the financing is settled (WITHDRAWN) or its deadline passes unmet
// (DEFAULTED). At most one call of a financing is OPEN at a time (a partial unique index in the schema).
import { defineLifecycle } from '../state-machine.ts';
import { transferVoucherLifecycle, type TransferVoucherStatus } from './transfer-voucher.ts';

export type PledgeStatus =
  'SUBMITTED' | 'MARGIN_PENDING' | 'MARGIN_PAID' | 'APPROVED' | 'DISBURSED' | 'REPAYING' | 'SETTLED' | 'REJECTED' | 'CANCELLED';

export const PLEDGE_STATUS_LABELS: Readonly<Record<PledgeStatus, string>> = {
  SUBMITTED: '待审核',
  MARGIN_PENDING: '待缴保证金',
  MARGIN_PAID: '保证金已缴',
  APPROVED: '审核通过',
  DISBURSED: '已放款',
  REPAYING: '还款中',
  SETTLED: '已结清',
  REJECTED: '已驳回',
  CANCELLED: '已取消',
};

export const pledgeLifecycle = defineLifecycle<PledgeStatus>(
  {
    SUBMITTED: ['MARGIN_PENDING', 'REJECTED', 'CANCELLED'],
    MARGIN_PENDING: ['MARGIN_PAID', 'REJECTED', 'CANCELLED'],
    MARGIN_PAID: ['APPROVED', 'REJECTED', 'CANCELLED'],
    APPROVED: ['DISBURSED', 'REJECTED', 'CANCELLED'],
    DISBURSED: ['REPAYING', 'SETTLED'],
    REPAYING: ['SETTLED'],
    SETTLED: [],
    REJECTED: [],
    CANCELLED: [],
  },
  PLEDGE_STATUS_LABELS,
);

export const PLEDGE_STATUSES = pledgeLifecycle.states;

export type MarginCallStatus = 'OPEN' | 'MET' | 'DEFAULTED' | 'WITHDRAWN';

export const MARGIN_CALL_STATUS_LABELS: Readonly<Record<MarginCallStatus, string>> = {
  OPEN: '待补缴',
  MET: '已补缴',
  DEFAULTED: '逾期未补缴',
  WITHDRAWN: '已撤销',
};

export const marginCallLifecycle = defineLifecycle<MarginCallStatus>(
  // A defaulted call may still be met late (the top-up clears the default flag of the call).
  { OPEN: ['MET', 'DEFAULTED', 'WITHDRAWN'], DEFAULTED: ['MET', 'WITHDRAWN'], MET: [], WITHDRAWN: [] },
  MARGIN_CALL_STATUS_LABELS,
);

export const MARGIN_CALL_STATUSES = marginCallLifecycle.states;

// ------------------------------------------------------------ bank-transfer vouchers
// A margin, a margin-call top-up or a repayment paid by an offline bank transfer: the enterprise
// uploads the voucher (PENDING); an operator confirms the money arrived (CONFIRMED — the money is
// then posted exactly as the account payment posts it) or rejects it (REJECTED). A voucher whose
// financing ends before the decision is WITHDRAWN.

export type PledgeVoucherKind = 'MARGIN' | 'TOP_UP' | 'REPAYMENT';
export const PLEDGE_VOUCHER_KIND_LABELS: Readonly<Record<PledgeVoucherKind, string>> = {
  MARGIN: '保证金',
  TOP_UP: '补缴保证金',
  REPAYMENT: '还款',
};
export const PLEDGE_VOUCHER_KINDS = Object.keys(PLEDGE_VOUCHER_KIND_LABELS) as PledgeVoucherKind[];

// The pledge's vouchers are the lending core's transfer vouchers (status/transfer-voucher.ts): one lifecycle.
export type PledgeVoucherStatus = TransferVoucherStatus;
export const pledgeVoucherLifecycle = transferVoucherLifecycle;
export const PLEDGE_VOUCHER_STATUSES = pledgeVoucherLifecycle.states;
