import {
  cloudLoanApi as api,
  type AnswerOf,
  type BodyInput,
  type CloudLoanApplyInput,
  type CloudLoanTrialQuery,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, queryOf, send, sendConfirmed } from '../../lib/api-client.ts';
import type { Confirmation, Keyed } from '../../lib/confirm.ts';

// The cloud-loan calls: each hook names its operation in the contract (cloudLoanApi,
// packages/domain/src/contract/cloudloan.ts), which fixes its path, input and answer.

export type {
  CloudLoanApplication,
  CloudLoanCredit,
  CloudLoanDrawdown,
  CloudLoanSchedule,
  CloudLoanTotals,
} from '@factoring/domain/contract';
export type PendingApplication = AnswerOf<typeof api.pendingForBank>[number];
/** A loan's detail as the web receives it (times as ISO text). */
export type CloudLoanDrawdownDetail = AnswerOf<typeof api.drawdown>;

const AREA = areaKey(api.eligibility);
/** What a loan's money changes: this area, the fund account, contracts, the dashboard and the menus. */
const REFRESH = [AREA, ['funds'], ['contracts'], ['dashboard'], ['menus']] as const;

export const useEligibility = () => useQuery(queryOf(api.eligibility));
export const useProduct = () => useQuery({ ...queryOf(api.product), staleTime: 5 * 60_000 });

/** The trial for a complete form; waits (disabled) while the form is incomplete. */
export function useTrial(q: CloudLoanTrialQuery | null) {
  return useQuery({ ...queryOf(api.trial, { query: q! }), enabled: q !== null, placeholderData: keepPreviousData });
}

export function useApplications(paging: { page: number; size: number }) {
  return useQuery({ ...queryOf(api.applications, { query: paging }), placeholderData: keepPreviousData });
}

export const useCredits = () => useQuery(queryOf(api.credits));

export function useDrawdowns(q: { page: number; size: number; applicationId?: number }) {
  return useQuery({ ...queryOf(api.drawdowns, { query: q }), placeholderData: keepPreviousData });
}

export function useDrawdown(id: number | null) {
  return useQuery({ ...queryOf(api.drawdown, { params: { id: id! } }), enabled: id !== null });
}

export const useTotals = () => useQuery(queryOf(api.totals));

export function useDrawPreview(applicationId: number | null, amount: number | null) {
  return useQuery({
    ...queryOf(api.drawPreview, { params: { id: applicationId! }, query: { amount: amount! } }),
    enabled: applicationId !== null && amount !== null,
    retry: false,
  });
}

export function useApply() {
  return useAction({
    call: (body: Keyed<CloudLoanApplyInput>) => send(api.apply, { body }),
    invalidates: REFRESH,
  });
}

export function useDraw() {
  return useAction({
    call: ({ applicationId, amount, ...c }: { applicationId: number; amount: number } & Confirmation) =>
      sendConfirmed(api.draw, { params: { id: applicationId }, body: { amount } }, c),
    invalidates: REFRESH,
  });
}

export function useRepayInstalment() {
  return useAction({
    call: ({ drawdownId, period, amount, ...c }: { drawdownId: number; period: number; amount: number } & Confirmation) =>
      sendConfirmed(api.repayInstalment, { params: { id: drawdownId }, body: { period, amount } }, c),
    invalidates: REFRESH,
  });
}

export function usePayoff() {
  return useAction({
    call: ({ drawdownId, amount, ...c }: { drawdownId: number; amount: number } & Confirmation) =>
      sendConfirmed(api.payoff, { params: { id: drawdownId }, body: { amount } }, c),
    invalidates: REFRESH,
  });
}

// The built-in bank: the operator decides for the bank ------------------------------------------

export const usePendingApplications = () => useQuery(queryOf(api.pendingForBank));

export function useGrant() {
  return useAction({
    call: ({ id, ...body }: { id: number } & BodyInput<typeof api.grantForBank>) => send(api.grantForBank, { params: { id }, body }),
    invalidates: [AREA, ['bpm']],
    success: '已代银行授信',
  });
}

export function useRejectApplication() {
  return useAction({
    call: ({ id, reason }: { id: number; reason: string }) => send(api.rejectForBank, { params: { id }, body: { reason } }),
    invalidates: [AREA, ['bpm']],
    success: '已拒绝该申请',
  });
}
