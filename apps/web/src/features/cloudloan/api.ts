import type {
  CloudLoanApplication,
  CloudLoanApplyInput,
  CloudLoanCredit,
  CloudLoanDrawdown,
  CloudLoanDrawdownDetail,
  CloudLoanEligibility,
  CloudLoanProduct,
  CloudLoanSchedule,
  CloudLoanTotals,
  CloudLoanTrialQuery,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { postConfirmed, type Confirmation, type Keyed } from '../../lib/confirm.ts';
import { request, unwrap, type Paged } from '../../lib/request.ts';

// The cloud-loan calls (server module `cloudloan`); types come from the contract in
// packages/domain/src/contract/cloudloan.ts. Every hook owns its URL.

export type { CloudLoanApplication, CloudLoanCredit, CloudLoanDrawdown, CloudLoanDrawdownDetail, CloudLoanSchedule, CloudLoanTotals };

const KEY = ['cloudloan'] as const;
const REFRESH = [KEY, ['funds'], ['contracts'], ['dashboard'], ['menus']] as const;
const get = <T>(url: string, data?: object) => request<T>(url, { data: data as Record<string, unknown> | undefined }).then(unwrap);

export const useEligibility = () =>
  useQuery({ queryKey: [...KEY, 'eligibility'], queryFn: () => get<CloudLoanEligibility>('/cloudloan/eligibility') });
export const useProduct = () =>
  useQuery({ queryKey: [...KEY, 'product'], queryFn: () => get<CloudLoanProduct>('/cloudloan/product'), staleTime: 5 * 60_000 });

/** The trial for a complete form; waits (disabled) while the form is incomplete. */
export function useTrial(q: CloudLoanTrialQuery | null) {
  return useQuery({
    queryKey: [...KEY, 'trial', q],
    queryFn: () => get<CloudLoanSchedule>('/cloudloan/trial', q!),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}

export function useApplications(paging: { page: number; size: number }) {
  return useQuery({
    queryKey: [...KEY, 'applications', paging],
    queryFn: () => get<Paged<CloudLoanApplication>>('/cloudloan/applications', paging),
    placeholderData: keepPreviousData,
  });
}

export const useCredits = () => useQuery({ queryKey: [...KEY, 'credits'], queryFn: () => get<CloudLoanCredit[]>('/cloudloan/credits') });

export function useDrawdowns(q: { page: number; size: number; applicationId?: number }) {
  return useQuery({
    queryKey: [...KEY, 'drawdowns', q],
    queryFn: () => get<Paged<CloudLoanDrawdown>>('/cloudloan/drawdowns', q),
    placeholderData: keepPreviousData,
  });
}

export function useDrawdown(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'drawdown', id],
    queryFn: () => get<CloudLoanDrawdownDetail>(`/cloudloan/drawdowns/${id}`),
    enabled: id !== null,
  });
}

export const useTotals = () => useQuery({ queryKey: [...KEY, 'totals'], queryFn: () => get<CloudLoanTotals>('/cloudloan/totals') });

export function useDrawPreview(applicationId: number | null, amount: number | null) {
  return useQuery({
    queryKey: [...KEY, 'preview', applicationId, amount],
    queryFn: () => get<CloudLoanSchedule>(`/cloudloan/credits/${applicationId}/preview`, { amount }),
    enabled: applicationId !== null && amount !== null,
    retry: false,
  });
}

export function useApply() {
  return useAction<Keyed<CloudLoanApplyInput>, { id: number; applicationNo: string; status: string }>({
    call: (body) => request('/cloudloan/applications', { method: 'POST', json: true, data: { ...body } }),
    invalidates: REFRESH,
  });
}

export function useDraw() {
  return useAction<{ applicationId: number; amount: number } & Confirmation, { id: number; drawdownNo: string; refNo: string }>({
    call: ({ applicationId, amount, ...c }) => postConfirmed(`/cloudloan/credits/${applicationId}/draw`, { amount }, c),
    invalidates: REFRESH,
  });
}

export function useRepayInstalment() {
  return useAction<{ drawdownId: number; period: number; amount: number } & Confirmation, { refNo: string; total: number; status: string }>(
    {
      call: ({ drawdownId, period, amount, ...c }) => postConfirmed(`/cloudloan/drawdowns/${drawdownId}/repay`, { period, amount }, c),
      invalidates: REFRESH,
    },
  );
}

export function usePayoff() {
  return useAction<{ drawdownId: number; amount: number } & Confirmation, { refNo: string; total: number; status: string }>({
    call: ({ drawdownId, amount, ...c }) => postConfirmed(`/cloudloan/drawdowns/${drawdownId}/payoff`, { amount }, c),
    invalidates: REFRESH,
  });
}

// The built-in bank: the operator decides for the bank ------------------------------------------

export interface PendingApplication {
  id: number;
  applicationNo: string;
  enterpriseName: string;
  amount: number;
  termMonths: number;
  method: string;
  purpose: string;
  lastYearRevenue: number;
  lastYearTax: number;
  createdAt: string;
}

export const usePendingApplications = () =>
  useQuery({ queryKey: [...KEY, 'operator'], queryFn: () => get<PendingApplication[]>('/cloudloan/operator/applications') });

export function useGrant() {
  return useAction<
    { id: number; amount: number; annualRatePpm: number; termMonths: number; validityDays: number; comment?: string },
    unknown
  >({
    call: ({ id, ...body }) => request(`/cloudloan/operator/applications/${id}/grant`, { method: 'POST', json: true, data: body }),
    invalidates: [KEY, ['bpm']],
    success: '已代银行授信',
  });
}

export function useRejectApplication() {
  return useAction<{ id: number; reason: string }, unknown>({
    call: ({ id, reason }) => request(`/cloudloan/operator/applications/${id}/reject`, { method: 'POST', json: true, data: { reason } }),
    invalidates: [KEY, ['bpm']],
    success: '已拒绝该申请',
  });
}
