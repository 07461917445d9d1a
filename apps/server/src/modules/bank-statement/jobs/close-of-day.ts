import type { CloseOfBusinessStep } from '../../../jobs/close-of-business.ts';
import { syncPendingLines } from '../matching/confirmation.ts';
import { reconcileOpenDays } from '../reconcile.ts';
import { bankCashAccountId } from '../store.ts';

/**
 * The bank statement's step of the close of business (定时任务 → 日终批处理): lines whose task was
 * decided elsewhere are brought up to date, then every day the statements cover up to the business
 * date that is not yet balanced is reconciled again against the ledger.
 */
export const bankReconciliationStep: CloseOfBusinessStep<{ reconciledDays: number; balancedDays: number; unbalancedDays: number }> = {
  name: 'bank-reconciliation',
  label: '银行对账',
  run: async (tx, businessDate) => {
    await syncPendingLines(tx, await bankCashAccountId(tx));
    const r = await reconcileOpenDays(tx, businessDate);
    return { reconciledDays: r.days, balancedDays: r.balanced, unbalancedDays: r.unbalanced };
  },
  summary: (r) =>
    r.reconciledDays === 0 && r.balancedDays === 0 && r.unbalancedDays === 0
      ? '尚无对账单'
      : `重新核对 ${r.reconciledDays} 天，已平（含差异已说明）${r.balancedDays} 天，不平 ${r.unbalancedDays} 天`,
};
