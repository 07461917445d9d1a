import type { FundFlow } from '@factoring/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, unwrap, type Envelope, type Paged } from '../../lib/request.ts';
import { encryptLoginPassword } from '../../lib/confirm.ts';

/** `/api/account/v2/queryAccountBalance` (amounts in cents). */
export interface AccountBalance {
  accountNo: string;
  accountName: string;
  bank: string;
  balance: number;
  frozen: number;
  available: number;
  controlled: number;
  fees: { withdraw: number; inTransfer: number };
}

export type { FundFlow };

export interface FlowFilters {
  type?: string;
  direction?: 'IN' | 'OUT';
  startDate?: string;
  endDate?: string;
}

export interface MonthlyFlow {
  month: string;
  inflow: number;
  outflow: number;
}

/** What a money movement answers; also what `/user/moneyflowSuccess` shows. */
export interface MoneyResult {
  kind: 'WITHDRAWAL' | 'TRANSFER' | 'TARGETED_PAYMENT' | string;
  refNo: string;
  amount: number;
  fee: number;
  total?: number;
  createdAt: string;
  payeeName?: string;
  payeeAccountNo?: string;
  bankAccountName?: string;
  bankAccountNo?: string;
  bankName?: string;
  status?: string;
  typeLabel?: string;
  counterpartyName?: string | null;
  counterpartyAccount?: string | null;
}

export interface SettlementAccount {
  accountName: string;
  accountNo: string;
  bankName: string;
  branchName: string;
}

export interface Withdrawal {
  id: number;
  amount: number;
  fee: number;
  status: 'PENDING' | 'PAID' | 'FAILED';
  bankName: string;
  bankAccountNo: string;
  bankAccountName: string;
  reason: string | null;
  refNo: string;
  createdAt: string;
  decidedAt: string | null;
}

export type PayeeStatus = 'PENDING' | 'ACTIVE' | 'REJECTED' | 'DISABLED';
export interface PayeeValues {
  name: string;
  bankName: string;
  accountNo: string;
  relation: 'UPSTREAM' | 'DOWNSTREAM';
}
export interface Payee extends PayeeValues {
  id: number;
  status: PayeeStatus;
  statusLabel: string;
  pendingChange: PayeeValues | null;
  reviewNote: string | null;
  createdAt: string;
  updatedAt: string;
  reviewedAt: string | null;
}

export interface Consignment {
  id: number;
  payeeId: number;
  payeeName: string;
  payeeAccountNo: string;
  payeeBankName: string;
  contractNo: string;
  amountLimit: number;
  remark: string | null;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  statusLabel: string;
  reviewNote: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

export interface Tranche {
  id: number;
  sourceRef: string;
  amount: number;
  paid: number;
  remaining: number;
  refNo: string;
  createdAt: string;
  payments: { id: number; amount: number; payeeName: string; payeeAccountNo: string; purpose: string | null; refNo: string; createdAt: string }[];
}

export interface CounterpartyFlow {
  counterpartyName: string;
  counterpartyAccount: string | null;
  relation: 'UPSTREAM' | 'DOWNSTREAM';
  inflow: number;
  outflow: number;
  count: number;
  lastAt: string;
}

export const FUNDS_KEY = ['funds'] as const;

const get = <T>(url: string, data?: Record<string, unknown>, signal?: AbortSignal) => request<T>(url, { data, signal }).then(unwrap);

export function useAccountBalance() {
  return useQuery({ queryKey: [...FUNDS_KEY, 'balance'], queryFn: ({ signal }) => get<AccountBalance>('/account/v2/queryAccountBalance', undefined, signal) });
}

export function useFundFlows(filters: FlowFilters, paging: { page: number; size: number }) {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'flows', filters, paging],
    queryFn: ({ signal }) => get<Paged<FundFlow>>('/funds/flows', { ...filters, ...paging }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMonthlyFlows() {
  return useQuery({ queryKey: [...FUNDS_KEY, 'monthly'], queryFn: ({ signal }) => get<MonthlyFlow[]>('/funds/flows/monthly', { months: 12 }, signal) });
}

/** Every flow matching the filters (for the Excel export). */
export const fetchFlowsForExport = (filters: FlowFilters) => get<{ items: FundFlow[]; truncated: boolean }>('/funds/flows/export', { ...filters });

export function useWithdrawalInfo() {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'withdrawal-info'],
    queryFn: ({ signal }) => get<{ available: number; fee: number; maxAmount: number; settlementAccount: SettlementAccount | null }>('/funds/withdrawal/info', undefined, signal),
  });
}

export function useWithdrawals(paging: { page: number; size: number }) {
  return useQuery({ queryKey: [...FUNDS_KEY, 'withdrawals', paging], queryFn: ({ signal }) => get<Paged<Withdrawal>>('/funds/withdrawals', paging, signal), placeholderData: keepPreviousData });
}

export function useCounterparties(filters: { startDate?: string; endDate?: string; relation?: 'UPSTREAM' | 'DOWNSTREAM' }) {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'counterparties', filters],
    queryFn: ({ signal }) => get<{ items: CounterpartyFlow[]; totals: { inflow: number; outflow: number; count: number } }>('/funds/flows/counterparties', { ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMoneyResult(refNo: string | null, enabled: boolean) {
  return useQuery({ queryKey: [...FUNDS_KEY, 'result', refNo], queryFn: ({ signal }) => get<MoneyResult>('/funds/result', { refNo }, signal), enabled: enabled && !!refNo });
}

export function usePayees(filters: { status?: PayeeStatus; name?: string }, paging: { page: number; size: number }) {
  return useQuery({ queryKey: [...FUNDS_KEY, 'payees', filters, paging], queryFn: ({ signal }) => get<Paged<Payee>>('/funds/payees', { ...filters, ...paging }, signal), placeholderData: keepPreviousData });
}

export function useConsignments(paging: { page: number; size: number }) {
  return useQuery({ queryKey: [...FUNDS_KEY, 'consignments', paging], queryFn: ({ signal }) => get<Paged<Consignment>>('/funds/consignments', paging, signal), placeholderData: keepPreviousData });
}

/** SPEC §7: `POST /payforanother/getPassedApplcation` with Accept application/json. */
export function usePassedConsignments() {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'consignments', 'passed'],
    queryFn: () => request<Paged<Consignment>>('/payforanother/getPassedApplcation', { method: 'POST', data: { page: 1, size: 200 }, headers: { Accept: 'application/json' } }).then(unwrap),
  });
}

export function useControlled() {
  return useQuery({
    queryKey: [...FUNDS_KEY, 'controlled'],
    queryFn: ({ signal }) => get<{ items: Tranche[]; totals: { amount: number; paid: number; remaining: number } }>('/funds/controlled', undefined, signal),
  });
}

/** The login password, RSA-encrypted with the key of `/api/user/current` like the login. */
/**
 * A money-moving call: JSON body with the amount in cents, the encrypted password and the
 * idempotency key (also sent as the `Idempotency-Key` header). Resolves with the envelope, so an
 * ERROR answer (wrong password, balance…) stays in the dialog.
 */
export function useMoneyMutation<TBody extends Record<string, unknown>>(url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, password, idempotencyKey }: { body: TBody; password: string; idempotencyKey: string }): Promise<Envelope<MoneyResult | string>> => {
      const encrypted = await encryptLoginPassword(password);
      return request<MoneyResult | string>(url, {
        method: 'POST',
        json: true,
        data: { ...body, password: encrypted, idempotencyKey },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FUNDS_KEY }),
  });
}

/** A reviewed (non-money) submission: payee open/change/disable, consignment application. */
export function useFundsSubmit<TBody extends Record<string, unknown>>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ url, body }: { url: string; body?: TBody }) => request<unknown>(url, { method: 'POST', json: true, data: body ?? {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FUNDS_KEY }),
  });
}
