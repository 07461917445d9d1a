import {
  confirmationsApi,
  supplyLoanApi as api,
  type AnswerOf,
  type BodyInput,
  type BodyOf,
  type DrawdownListQuery,
  type FinancingListQuery,
  type InvoiceListQuery,
} from '@factoring/domain/contract';
import { registryApi } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, queryOf, send, sendConfirmed } from '../../lib/api-client.ts';
import type { Confirmation, Keyed } from '../../lib/confirm.ts';

// The supply-loan calls: each hook names its operation in the contract (supplyLoanApi,
// packages/domain/src/contract/supplyloan/), which fixes its path, input and answer.

export type PriceBracket = AnswerOf<typeof api.platform>['priceList'][number];
export type PlatformRow = AnswerOf<typeof api.platforms>[number];
export type Invoice = AnswerOf<typeof api.invoices>['items'][number];
export type InvoiceCheck = AnswerOf<typeof api.invoiceChecks>[number];
export type InvoiceStatus = Invoice['status'];
export type FinancingRow = AnswerOf<typeof api.financings>['items'][number];
export type FinancingDetail = AnswerOf<typeof api.financing>;
export type ScheduleRow = FinancingDetail['schedule'][number];
export type Extension = AnswerOf<typeof api.extensions>['items'][number];
export type RepaymentQuote = AnswerOf<typeof api.quote>;
export type RepayResult = AnswerOf<typeof api.repay>;
export type DueRow = AnswerOf<typeof api.due>['items'][number];
export type Drawdown = AnswerOf<typeof api.drawdowns>['items'][number];
export type AppliedFinancing = AnswerOf<typeof api.applyInvoiceFinancing>;
export type FinancingFilters = Omit<Partial<FinancingListQuery>, 'page' | 'size'>;

/** The supply-loan area's key (`['supplyloan']`): every action refreshes it, the fund account, contracts and the dashboard. */
const AREA = areaKey(api.platforms);
const REFRESH = [AREA, ['funds'], ['contracts'], ['dashboard']] as const;

// Queries -------------------------------------------------------------------------------------------

export const usePlatforms = () => useQuery(queryOf(api.platforms));

export function usePlatform(id: number | null) {
  return useQuery({ ...queryOf(api.platform, { params: { id: id! } }), enabled: id !== null });
}

export const useCreditLines = () => useQuery(queryOf(api.creditLines));

export const useCoreEnterprises = () => useQuery({ ...queryOf(api.coreEnterprises), staleTime: 5 * 60_000 });

export function useInvoices(q: Partial<InvoiceListQuery> & { page: number; size: number }) {
  return useQuery({ ...queryOf(api.invoices, { query: q }), placeholderData: keepPreviousData });
}

/** Every tax bureau check of one invoice (issue 36): who, when, the answer. */
export function useInvoiceChecks(id: number | null) {
  return useQuery({ ...queryOf(api.invoiceChecks, { params: { id: id! } }), enabled: id !== null });
}

/** What the trial needs so far: the contract's fields, each possibly missing (the query waits until none is). */
type TrialInput = { [K in keyof BodyOf<typeof api.trial>]?: (K extends 'invoiceIds' ? number[] : number) | null };
export function useTrial(input: TrialInput) {
  const ready = !!input.creditLineId && !!input.amount && !!input.termDays && input.termDays > 0;
  const body = {
    creditLineId: input.creditLineId!,
    amount: input.amount!,
    termDays: input.termDays!,
    invoiceIds: input.invoiceIds?.length ? input.invoiceIds : undefined,
    orderAmount: input.orderAmount ?? undefined,
  };
  return useQuery({ ...queryOf(api.trial, { body }), enabled: ready, placeholderData: keepPreviousData, retry: false });
}

export function useFinancings(q: FinancingFilters & { page: number; size: number }) {
  return useQuery({ ...queryOf(api.financings, { query: q }), placeholderData: keepPreviousData });
}

export type AssignmentProof = AnswerOf<typeof confirmationsApi.proofs>[number];
/** The debtor's part of the listed invoice financings (issue 36): its confirmations and the notice, as tags. */
export function useAssignmentProofs(financingIds: readonly number[]) {
  return useQuery({
    ...queryOf(confirmationsApi.proofs, { query: { financingIds: financingIds.join(',') } }),
    enabled: financingIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useFinancing(id: number | null) {
  return useQuery({ ...queryOf(api.financing, { params: { id: id! } }), enabled: id !== null });
}

export function useQuote(id: number | null) {
  return useQuery({ ...queryOf(api.quote, { params: { id: id! } }), enabled: id !== null });
}

export const useDue = () => useQuery(queryOf(api.due));

export function useExtensions(q: { page: number; size: number }) {
  return useQuery({ ...queryOf(api.extensions, { query: q }), placeholderData: keepPreviousData });
}

export const useDrawable = () => useQuery(queryOf(api.drawable));

export function useDrawdowns(q: Partial<DrawdownListQuery> & { page: number; size: number }) {
  return useQuery({ ...queryOf(api.drawdowns, { query: q }), placeholderData: keepPreviousData });
}

// Actions -------------------------------------------------------------------------------------------

export function useJoinPlatform() {
  return useAction({
    call: (body: Keyed<BodyInput<typeof api.joinPlatform>>) => send(api.joinPlatform, { body }),
    invalidates: REFRESH,
    success: '准入申请已提交，运营人员审核通过后将为您开通授信',
  });
}

export function useRegisterInvoice() {
  return useAction({
    call: (body: BodyInput<typeof api.registerInvoice>) => send(api.registerInvoice, { body }),
    invalidates: REFRESH,
    // Issue 36: what the tax bureau said at registration.
    success: (answer) =>
      answer.verification?.outcome === 'NORMAL'
        ? '税务局查验通过，发票已登记，等待运营核验'
        : `发票已登记（${answer.verification?.outcomeLabel ?? '税务局未查验'}），运营人员将人工核验`,
  });
}

export function useApplyInvoiceFinancing() {
  return useAction({
    call: (body: Keyed<BodyInput<typeof api.applyInvoiceFinancing>>) => send(api.applyInvoiceFinancing, { body }),
    invalidates: REFRESH,
  });
}

export function useApplyOrderLoan() {
  return useAction({
    call: (body: Keyed<BodyInput<typeof api.applyOrderLoan>>) => send(api.applyOrderLoan, { body }),
    invalidates: REFRESH,
  });
}

export function useCancelFinancing() {
  return useAction({
    call: (id: number) => send(api.cancelFinancing, { params: { id } }),
    invalidates: REFRESH,
    success: '融资申请已取消',
  });
}

export function useRequestDrawdown() {
  return useAction({
    call: ({ financingId, ...body }: Keyed<BodyInput<typeof api.requestDrawdown>> & { financingId: number }) =>
      send(api.requestDrawdown, { params: { id: financingId }, body }),
    invalidates: REFRESH,
    success: '提款申请已提交，运营放款后资金进入受控账户',
  });
}

export function useRequestExtension() {
  return useAction({
    call: ({ financingId, ...body }: Keyed<BodyInput<typeof api.requestExtension>> & { financingId: number }) =>
      send(api.requestExtension, { params: { id: financingId }, body }),
    invalidates: REFRESH,
    success: '展期申请已提交，等待运营审核',
  });
}

export function useSubmitVoucher() {
  return useAction({
    call: ({ financingId, ...body }: Keyed<BodyInput<typeof api.submitVoucher>> & { financingId: number }) =>
      send(api.submitVoucher, { params: { id: financingId }, body }),
    invalidates: REFRESH,
    success: '还款凭证已提交，等待运营确认',
  });
}

/** Online repayment: amount in cents, the encrypted password and one idempotency key per confirmation. */
export function useRepay() {
  return useAction({
    call: ({ financingId, amount, ...confirmation }: { financingId: number; amount: number } & Confirmation) =>
      sendConfirmed(api.repay, { params: { id: financingId }, body: { amount } }, confirmation),
    invalidates: REFRESH,
  });
}

export type RegistrationTag = AnswerOf<typeof registryApi.tags>[number];
/** Whether an invoice financing's receivables are registered at the registry (中登网, issue 36): a tag on it. */
export function useRegistrationTag(financingId: number | null, invoiceFinancing: boolean) {
  return useQuery({
    ...queryOf(registryApi.tags, { query: { financingIds: String(financingId) } }),
    enabled: financingId !== null && invoiceFinancing,
  });
}
