import { receivablesApi as api, type AnswerOf, type BodyInput, type QueryInput } from '@factoring/domain/contract';
import { formatYuan } from '@factoring/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, queryOf, send } from '../../lib/api-client.ts';
import type { Keyed } from '../../lib/confirm.ts';

// The receivables desk's calls (issue 36): each hook names its operation in the contract (receivablesApi,
// packages/domain/src/contract/receivables.ts). Operators only.

export type Dilution = AnswerOf<typeof api.dilutions>[number];
export type FinancedAsset = AnswerOf<typeof api.assets>['items'][number];
export type AssetCheck = AnswerOf<typeof api.assetChecks>[number];
export type BureauInvoice = AnswerOf<typeof api.bureauInvoices>['items'][number];
export type AssetQuery = QueryInput<typeof api.assets>;
export type IssueInput = Keyed<BodyInput<typeof api.issueBureauInvoice>>;

/** Every call of the desk refreshes the desk (`['receivables']`) and the invoices' lists. */
const AREA = areaKey(api.dilutions);
const REFRESH = [AREA, ['supplyloan']] as const;

export const useDilutions = (status?: 'OPEN' | 'RESOLVED') => useQuery(queryOf(api.dilutions, { query: { status } }));

export function useFinancedAssets(q: AssetQuery & { page: number; size: number }) {
  return useQuery({ ...queryOf(api.assets, { query: q }), placeholderData: keepPreviousData });
}

export function useAssetChecks(id: number | null) {
  return useQuery({ ...queryOf(api.assetChecks, { params: { id: id! } }), enabled: id !== null });
}

export function useBureauInvoices(q: { page: number; size: number; keyword?: string }) {
  return useQuery({ ...queryOf(api.bureauInvoices, { query: q }), placeholderData: keepPreviousData });
}

/** Checks a financed invoice with the tax bureau now; a void or reversal after funding becomes a dilution. */
export function useRecheck() {
  return useAction({
    call: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      send(api.recheck, { params: { id }, body: { idempotencyKey } }),
    invalidates: REFRESH,
    success: (check) => check.message,
  });
}

/** The simulated bureau issues an invoice (demo and test desk). */
export function useIssueBureauInvoice() {
  return useAction({
    call: (body: IssueInput) => send(api.issueBureauInvoice, { body }),
    invalidates: REFRESH,
    success: (row) => `模拟税务局已开具发票 ${row.invoiceCode ? `${row.invoiceCode}-` : ''}${row.invoiceNumber}`,
  });
}

/** The simulated bureau issues a credit note (红字发票, 部分红冲) against one of its invoices: part of what remains. */
export function useCreditBureauInvoice() {
  return useAction({
    call: ({ id, amount, reason, idempotencyKey }: { id: number; amount: number; reason: string; idempotencyKey: string }) =>
      send(api.creditBureauInvoice, { params: { id }, body: { amount, reason, idempotencyKey } }),
    invalidates: REFRESH,
    success: (row) => `发票 ${row.invoiceNumber} 已开具红字发票，剩余金额 ${formatYuan(row.remaining)} 元`,
  });
}

/** The simulated bureau voids (作废) or reverses (红冲) one of its invoices. */
export function useChangeBureauStatus() {
  return useAction({
    call: ({ id, to, note, idempotencyKey }: { id: number; to: 'VOID' | 'REVERSED'; note: string; idempotencyKey: string }) =>
      send(to === 'VOID' ? api.voidBureauInvoice : api.reverseBureauInvoice, { params: { id }, body: { note, idempotencyKey } }),
    invalidates: REFRESH,
    success: (row) => `发票 ${row.invoiceNumber} 已${row.statusLabel}`,
  });
}
