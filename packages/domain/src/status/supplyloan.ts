// The status sets of supply-chain loans (PRODUCT §6): one state machine and one Chinese label table
// each. The server changes a status only through these machines (apps/server/src/lib/transition.ts);
// the web shows `machine.label(status)`. A transition not listed is refused.
import { defineLifecycle } from '../state-machine.ts';

export type FinancingStatus =
  'SUBMITTED' | 'APPROVED' | 'CONTRACT_SIGNED' | 'DISBURSED' | 'REPAYING' | 'SETTLED' | 'REJECTED' | 'CANCELLED';

export const FINANCING_STATUS_LABELS: Readonly<Record<FinancingStatus, string>> = {
  SUBMITTED: '待审核',
  APPROVED: '审核通过',
  CONTRACT_SIGNED: '合同已签署',
  DISBURSED: '已放款',
  REPAYING: '还款中',
  SETTLED: '已结清',
  REJECTED: '已驳回',
  CANCELLED: '已取消',
};

/** A financing. Overdue and extended are flags on a disbursed financing, not states. */
export const financingLifecycle = defineLifecycle<FinancingStatus>(
  {
    SUBMITTED: ['APPROVED', 'REJECTED', 'CANCELLED'],
    APPROVED: ['CONTRACT_SIGNED', 'REJECTED', 'CANCELLED'],
    CONTRACT_SIGNED: ['DISBURSED', 'REJECTED', 'CANCELLED'],
    DISBURSED: ['REPAYING', 'SETTLED'], // SETTLED: repaid in full at once
    REPAYING: ['SETTLED'],
    SETTLED: [],
    REJECTED: [],
    CANCELLED: [],
  },
  FINANCING_STATUS_LABELS,
);

export const FINANCING_STATUSES = financingLifecycle.states;

export type FinancingKind = 'INVOICE' | 'ORDER';
export const FINANCING_KIND_LABELS: Readonly<Record<FinancingKind, string>> = { INVOICE: '发票融资', ORDER: '订单融资' };
export const FINANCING_KINDS = Object.keys(FINANCING_KIND_LABELS) as FinancingKind[];

export type TrancheStatus = 'PENDING' | 'DISBURSED' | 'SETTLED' | 'CANCELLED';

/**
 * A tranche: the single disbursement of an invoice financing or one drawdown of an order loan.
 * PENDING waits for the operator's disbursement; DISBURSED runs until repaid in full.
 */
export const trancheLifecycle = defineLifecycle<TrancheStatus>(
  {
    PENDING: ['DISBURSED', 'CANCELLED'],
    DISBURSED: ['SETTLED'],
    SETTLED: [],
    CANCELLED: [],
  },
  { PENDING: '待放款', DISBURSED: '未结清', SETTLED: '已结清', CANCELLED: '已取消' },
);

export const TRANCHE_STATUSES = trancheLifecycle.states;

export type InvoiceStatus = 'REGISTERED' | 'VERIFIED' | 'FINANCED' | 'SETTLED' | 'REJECTED';

/**
 * An invoice (receivable): verified by an operator, financed once, and back to VERIFIED when the
 * financing it backs ends before disbursement (rejected or cancelled), so it can be financed again.
 */
export const invoiceLifecycle = defineLifecycle<InvoiceStatus>(
  {
    REGISTERED: ['VERIFIED', 'REJECTED'],
    VERIFIED: ['FINANCED'],
    FINANCED: ['VERIFIED', 'SETTLED'],
    SETTLED: [],
    REJECTED: [],
  },
  { REGISTERED: '待核验', VERIFIED: '已核验', FINANCED: '已融资', SETTLED: '已结清', REJECTED: '核验未通过' },
);

export const INVOICE_STATUSES = invoiceLifecycle.states;

export type OrderReceivableStatus = 'REGISTERED' | 'FINANCED' | 'SETTLED';

/** A purchase order backing an order loan; like an invoice, released when its financing ends undrawn. */
export const orderReceivableLifecycle = defineLifecycle<OrderReceivableStatus>(
  {
    REGISTERED: ['FINANCED'],
    FINANCED: ['REGISTERED', 'SETTLED'],
    SETTLED: [],
  },
  { REGISTERED: '未融资', FINANCED: '已融资', SETTLED: '已结清' },
);

export const ORDER_RECEIVABLE_STATUSES = orderReceivableLifecycle.states;

export type ReviewStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

/** A request an operator decides once: a platform join application, an extension request. */
export const reviewLifecycle = defineLifecycle<ReviewStatus>(
  { PENDING: ['APPROVED', 'REJECTED'], APPROVED: [], REJECTED: [] },
  { PENDING: '审核中', APPROVED: '已通过', REJECTED: '已驳回' },
);

export const REVIEW_STATUSES = reviewLifecycle.states;

/** A platform join application (the operator grants the credit line on approval). */
export const joinApplicationLifecycle = reviewLifecycle;
/** An extension request (the operator moves the due date on approval). */
export const extensionLifecycle = reviewLifecycle;

export type RepaymentStatus = 'PENDING' | 'CONFIRMED' | 'REJECTED';

/** A repayment: online ones are CONFIRMED when made; an offline voucher waits for the operator. */
export const repaymentLifecycle = defineLifecycle<RepaymentStatus>(
  { PENDING: ['CONFIRMED', 'REJECTED'], CONFIRMED: [], REJECTED: [] },
  { PENDING: '待确认', CONFIRMED: '已确认', REJECTED: '已驳回' },
);

export const REPAYMENT_STATUSES = repaymentLifecycle.states;

export type RepaymentChannel = 'ONLINE' | 'OFFLINE';
/** How a supply-loan repayment arrived (the `method` column): from the account, or by an offline transfer. */
export const REPAYMENT_CHANNEL_LABELS: Readonly<Record<RepaymentChannel, string>> = { ONLINE: '账户还款', OFFLINE: '线下转账' };
export const REPAYMENT_CHANNELS = Object.keys(REPAYMENT_CHANNEL_LABELS) as RepaymentChannel[];

// Credit lines' machine lives with the credit module's statuses: status/credit.ts.

export type PlatformProduct = 'SUPPLY' | 'PLEDGE';
export const PLATFORM_PRODUCT_LABELS: Readonly<Record<PlatformProduct, string>> = { SUPPLY: '供应链融资', PLEDGE: '货押融资' };
export const PLATFORM_PRODUCTS = Object.keys(PLATFORM_PRODUCT_LABELS) as PlatformProduct[];
