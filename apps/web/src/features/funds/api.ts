import type {
  accountBalanceSchema,
  consignmentPageSchema,
  consignmentSchema,
  controlledFundsSchema,
  counterpartyFlowsSchema,
  entryResultSchema,
  FlowFilters,
  fundFlowExportSchema,
  fundFlowPageSchema,
  monthlyFlowsSchema,
  PageQuery,
  Payee,
  PayeeInput,
  payeePageSchema,
  targetedPaymentBody,
  targetedPaymentResultSchema,
  transferBody,
  transferResultSchema,
  withdrawalInfoSchema,
  withdrawalPageSchema,
  withdrawalResultSchema,
  withdrawalSchema,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAction } from '../../lib/action.ts';
import { postConfirmed, type Confirmation, type Keyed } from '../../lib/confirm.ts';
import { request, unwrap } from '../../lib/request.ts';

// The fund account's calls (server module `funds`). Types come from the contract in
// packages/domain/src/contract/funds.ts; every hook owns its URL.

export type AccountBalance = z.output<typeof accountBalanceSchema>;
export type { FlowFilters, Payee, PayeeInput };
export type Withdrawal = z.output<typeof withdrawalSchema>;
export type Consignment = z.output<typeof consignmentSchema>;
export type Tranche = z.output<typeof controlledFundsSchema>['items'][number];
export type MonthlyFlow = z.output<typeof monthlyFlowsSchema>[number];
export type CounterpartyFlow = z.output<typeof counterpartyFlowsSchema>['items'][number];

type MoneyAnswer =
  | z.output<typeof withdrawalResultSchema>
  | z.output<typeof transferResultSchema>
  | z.output<typeof targetedPaymentResultSchema>
  | z.output<typeof entryResultSchema>;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type ValueIn<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
/** What a money movement answers, and what `/user/moneyflowSuccess` shows: each kind has some of the fields. */
export type MoneyResult = MoneyAnswer & { [K in KeysOfUnion<MoneyAnswer>]?: ValueIn<MoneyAnswer, K> };

const FUNDS_KEY = ['funds'] as const;
type Paging = PageQuery;

const get = <T>(url: string, data?: Record<string, unknown>, signal?: AbortSignal) => request<T>(url, { data, signal }).then(unwrap);

// Queries -------------------------------------------------------------------------------------------

/** SPEC §7: `GET /account/v2/queryAccountBalance` (amounts in cents). */
export function useAccountBalance() {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'balance'],
    queryFn: ({ signal }) => get<AccountBalance>('/account/v2/queryAccountBalance', undefined, signal),
  });
}

export function useFundFlows(filters: FlowFilters, paging: Paging) {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'flows', filters, paging],
    queryFn: ({ signal }) => get<z.output<typeof fundFlowPageSchema>>('/funds/flows', { ...filters, ...paging }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMonthlyFlows() {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'monthly'],
    queryFn: ({ signal }) => get<MonthlyFlow[]>('/funds/flows/monthly', { months: 12 }, signal),
  });
}

/** Every flow matching the filters (for the Excel export). */
export const fetchFlowsForExport = (filters: FlowFilters) =>
  get<z.output<typeof fundFlowExportSchema>>('/funds/flows/export', { ...filters });

export function useWithdrawalInfo() {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'withdrawal-info'],
    queryFn: ({ signal }) => get<z.output<typeof withdrawalInfoSchema>>('/funds/withdrawal/info', undefined, signal),
  });
}

export function useWithdrawals(paging: Paging) {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'withdrawals', paging],
    queryFn: ({ signal }) => get<z.output<typeof withdrawalPageSchema>>('/funds/withdrawals', paging, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCounterparties(filters: { startDate?: string; endDate?: string; relation?: 'UPSTREAM' | 'DOWNSTREAM' }) {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'counterparties', filters],
    queryFn: ({ signal }) => get<z.output<typeof counterpartyFlowsSchema>>('/funds/flows/counterparties', { ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMoneyResult(refNo: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'result', refNo],
    queryFn: ({ signal }) => get<MoneyResult>('/funds/result', { refNo }, signal),
    enabled: enabled && !!refNo,
  });
}

export function usePayees(filters: { status?: Payee['status']; name?: string }, paging: Paging) {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'payees', filters, paging],
    queryFn: ({ signal }) => get<z.output<typeof payeePageSchema>>('/funds/payees', { ...filters, ...paging }, signal),
    placeholderData: keepPreviousData,
  });
}

/** One payee in full (the whitelist masks account numbers; the change form starts from the full one). */
export function usePayee(id: number | undefined) {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'payee', id],
    queryFn: ({ signal }) => get<Payee>(`/funds/payees/${id}`, undefined, signal),
    enabled: id !== undefined,
  });
}

export function useConsignments(paging: Paging) {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'consignments', paging],
    queryFn: ({ signal }) => get<z.output<typeof consignmentPageSchema>>('/funds/consignments', paging, signal),
    placeholderData: keepPreviousData,
  });
}

/** SPEC §7: `POST /payforanother/getPassedApplcation` with Accept application/json. */
export function usePassedConsignments() {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'consignments', 'passed'],
    queryFn: () =>
      request<z.output<typeof consignmentPageSchema>>('/payforanother/getPassedApplcation', {
        method: 'POST',
        data: { page: 1, size: 200 },
        headers: { Accept: 'application/json' },
      }).then(unwrap),
  });
}

export function useControlled() {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'controlled'],
    queryFn: ({ signal }) => get<z.output<typeof controlledFundsSchema>>('/funds/controlled', undefined, signal),
  });
}

// Money movements: password confirmation and one idempotency key per dialog -------------------------

type Confirmed<T> = T & Confirmation;

export function useWithdraw() {
  return useAction({
    call: ({ amount, ...confirmation }: Confirmed<{ amount: number }>) =>
      postConfirmed<MoneyResult>('/funds/withdraw', { amount }, confirmation),
    invalidates: [FUNDS_KEY],
  });
}

type TransferInput = Pick<z.input<typeof transferBody>, 'payeeAccountNo' | 'payeeName' | 'amount' | 'memo'>;
export function useTransfer() {
  return useAction({
    call: ({ password, idempotencyKey, ...body }: Confirmed<TransferInput>) =>
      postConfirmed<MoneyResult>('/funds/transfer', body, { password, idempotencyKey }),
    invalidates: [FUNDS_KEY],
  });
}

type TargetedPaymentInput = Pick<z.input<typeof targetedPaymentBody>, 'payeeId' | 'trancheId' | 'amount' | 'purpose'>;
export function useTargetedPayment() {
  return useAction({
    call: ({ password, idempotencyKey, ...body }: Confirmed<TargetedPaymentInput>) =>
      postConfirmed<MoneyResult>('/funds/targeted-payment', body, { password, idempotencyKey }),
    invalidates: [FUNDS_KEY],
  });
}

// Reviewed submissions ------------------------------------------------------------------------------

const postJson = <T>(url: string, body: object = {}) => request<T>(url, { method: 'POST', json: true, data: { ...body } });

export function useOpenPayee() {
  return useAction({
    call: (payee: Keyed<PayeeInput>) => postJson<Payee>('/funds/payees', payee),
    invalidates: [FUNDS_KEY],
  });
}

export function useChangePayee() {
  return useAction({
    call: ({ id, ...payee }: PayeeInput & { id: number }) => postJson<Payee>(`/funds/payees/${id}/change`, payee),
    invalidates: [FUNDS_KEY],
  });
}

export function useDisablePayee() {
  return useAction({
    call: (payee: Pick<Payee, 'id' | 'name'>) => postJson<Payee>(`/funds/payees/${payee.id}/disable`),
    invalidates: [FUNDS_KEY],
    success: (_, payee) => `已停用「${payee.name}」`,
  });
}

export function useApplyConsignment() {
  return useAction({
    call: (body: Keyed<{ payeeId: number; contractNo: string; amountLimit: number; remark?: string }>) =>
      postJson<{ id: number }>('/funds/consignments', body),
    invalidates: [FUNDS_KEY],
    success: '代付申请已提交，等待平台审核',
  });
}
