// Status machines of the bank statement (issue 26): how a line of the factor's collection account
// finds what it pays or collects, and the outcome of a day's reconciliation.
import { defineLifecycle } from '../state-machine.ts';

/**
 * A statement line:
 * - UNMATCHED (未匹配): nothing found for it; it waits in the exceptions queue;
 * - PENDING (待复核): linked to an inbox task — a deposit recorded for a virtual account, or a
 *   transfer voucher — that another operator still has to decide;
 * - MATCHED (已匹配): linked to what the ledger booked (a receipt, a pay-out);
 * - EXPLAINED (已说明): an operator explained it with a note (it can be reopened).
 * A PENDING line goes back to UNMATCHED when its task is rejected.
 */
export type StatementLineStatus = 'UNMATCHED' | 'PENDING' | 'MATCHED' | 'EXPLAINED';

export const statementLineLifecycle = defineLifecycle<StatementLineStatus>(
  {
    UNMATCHED: ['PENDING', 'MATCHED', 'EXPLAINED'],
    PENDING: ['MATCHED', 'UNMATCHED'],
    MATCHED: [],
    EXPLAINED: ['UNMATCHED'],
  },
  { UNMATCHED: '未匹配', PENDING: '待复核', MATCHED: '已匹配', EXPLAINED: '已说明' },
);
export const STATEMENT_LINE_STATUSES = statementLineLifecycle.states;

/**
 * A day's reconciliation (recomputed, not moved): the statement's movement equals the ledger's
 * (BALANCED), the difference is exactly what operators explained (EXPLAINED), or it is not (UNBALANCED).
 */
export type ReconciliationDayStatus = 'BALANCED' | 'EXPLAINED' | 'UNBALANCED';
export const RECONCILIATION_DAY_STATUSES = ['BALANCED', 'EXPLAINED', 'UNBALANCED'] as const satisfies readonly ReconciliationDayStatus[];
export const RECONCILIATION_DAY_LABELS: Record<ReconciliationDayStatus, string> = {
  BALANCED: '已平',
  EXPLAINED: '差异已说明',
  UNBALANCED: '不平',
};

/** A pay-out to a bank account as the bank sees it: executed in the portal, sent in a payment file, seen paid on a statement. */
export type PayoutBankStatus = 'EXECUTED' | 'EXPORTED' | 'PAID';
export const PAYOUT_BANK_STATUS_LABELS: Record<PayoutBankStatus, string> = {
  EXECUTED: '待导出',
  EXPORTED: '已导出待银行回单',
  PAID: '银行已付款',
};
