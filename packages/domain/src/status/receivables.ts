// The status sets of receivables (issue 36, PRODUCT §13): a financed asset, an invoice at the (simulated)
// tax bureau, a dilution. The server changes a status only through these machines.
import { defineLifecycle } from '../state-machine.ts';

export type FinancedAssetStatus = 'HELD' | 'FUNDED' | 'SETTLED' | 'RELEASED';

/**
 * A receivable held by a financing: HELD from the application, FUNDED from the first disbursement,
 * SETTLED when the financing is repaid (never financed again), RELEASED when the application ends
 * before any money went out (rejected or cancelled) — then it may be financed again.
 */
export const financedAssetLifecycle = defineLifecycle<FinancedAssetStatus>(
  {
    HELD: ['FUNDED', 'RELEASED'],
    FUNDED: ['SETTLED'],
    SETTLED: [],
    RELEASED: [],
  },
  { HELD: '融资申请中', FUNDED: '已融资放款', SETTLED: '已结清', RELEASED: '已释放' },
);
export const FINANCED_ASSET_STATUSES = financedAssetLifecycle.states;

export type FinancedAssetKind = 'INVOICE' | 'ORDER';
export const FINANCED_ASSET_KIND_LABELS: Readonly<Record<FinancedAssetKind, string>> = { INVOICE: '发票', ORDER: '订单' };

export type BureauInvoiceStatus = 'NORMAL' | 'VOID' | 'REVERSED';

/** An invoice as the tax bureau holds it: issued normal, then void (作废) or reversed (红冲), never back. */
export const bureauInvoiceLifecycle = defineLifecycle<BureauInvoiceStatus>(
  { NORMAL: ['VOID', 'REVERSED'], VOID: [], REVERSED: [] },
  { NORMAL: '正常', VOID: '作废', REVERSED: '红冲' },
);
export const BUREAU_INVOICE_STATUSES = bureauInvoiceLifecycle.states;

export type DilutionStatus = 'OPEN' | 'RESOLVED';

/** A dilution (an invoice void or reversed after funding): open until the operator has dealt with it. */
export const dilutionLifecycle = defineLifecycle<DilutionStatus>(
  { OPEN: ['RESOLVED'], RESOLVED: [] },
  { OPEN: '待处理', RESOLVED: '已处理' },
);
export const DILUTION_STATUSES = dilutionLifecycle.states;
