import type {
  appliedFinancingSchema,
  coreEnterpriseSchema,
  creditLineSchema,
  drawableOrderLoanSchema,
  drawdownBody,
  drawdownPageSchema,
  drawdownResultSchema,
  drawdownSchema,
  DrawdownListQuery,
  dueFinancingSchema,
  dueFinancingsSchema,
  extensionBody,
  extensionPageSchema,
  extensionResultSchema,
  extensionSchema,
  financingDetailSchema,
  financingListItemSchema,
  FinancingListQuery,
  financingListSchema,
  invoiceFinancingBody,
  invoiceListItemSchema,
  InvoiceListQuery,
  invoicePageSchema,
  joinPlatformBody,
  joinPlatformResult,
  orderLoanBody,
  platformListItemSchema,
  platformSchema,
  priceBracketSchema,
  registerInvoiceBody,
  registerInvoiceResult,
  repaymentPageSchema,
  repayResultSchema,
  trialBody,
  trialResultSchema,
  voucherBody,
  voucherResultSchema,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAction } from '../../lib/action.ts';
import { postConfirmed, type Confirmation, type Keyed } from '../../lib/confirm.ts';
import { request, unwrap } from '../../lib/request.ts';

// The supply-loan calls (server module `supplyloan`). Types are what arrives on the wire
// (`z.input`) of the contract in packages/domain/src/contract/supplyloan.ts; every hook owns its URL.

type Wire<T extends z.ZodType> = z.input<T>;
export type PriceBracket = Wire<typeof priceBracketSchema>;
type Platform = Wire<typeof platformSchema>;
export type PlatformRow = Wire<typeof platformListItemSchema>;
type MyCreditLine = Wire<typeof creditLineSchema>;
export type Invoice = Wire<typeof invoiceListItemSchema>;
export type InvoiceStatus = Invoice['status'];
type Trial = Wire<typeof trialResultSchema>;
export type FinancingRow = Wire<typeof financingListItemSchema>;
export type FinancingDetail = Wire<typeof financingDetailSchema>;
export type ScheduleRow = FinancingDetail['schedule'][number];
export type Extension = Wire<typeof extensionSchema>;
export type RepaymentQuote = Wire<typeof repaymentPageSchema>;
export type RepayResult = Wire<typeof repayResultSchema>;
export type DueRow = Wire<typeof dueFinancingSchema>;
export type Drawdown = Wire<typeof drawdownSchema>;
export type FinancingFilters = Omit<Partial<FinancingListQuery>, 'page' | 'size'>;

/** Query keys of the supply-loan area: every action refreshes them all. */
const SUPPLY_KEY = ['supplyloan'] as const;
const REFRESH = [SUPPLY_KEY, ['funds'], ['contracts'], ['dashboard']] as const;

const get = <T>(url: string, data?: object) => request<T>(url, { data: data as Record<string, unknown> | undefined }).then(unwrap);
const postJson = <T>(url: string, body: object = {}) => request<T>(url, { method: 'POST', json: true, data: { ...body } });

// Queries -------------------------------------------------------------------------------------------

export function usePlatforms() {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'platforms'], queryFn: () => get<PlatformRow[]>('/supplyloan/platforms') });
}

export function usePlatform(id: number | null) {
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'platform', id],
    queryFn: () => get<Platform>(`/supplyloan/platforms/${id}`),
    enabled: id !== null,
  });
}

export function useCreditLines() {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'creditLines'], queryFn: () => get<MyCreditLine[]>('/supplyloan/creditLines') });
}

export function useCoreEnterprises() {
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'coreEnterprises'],
    queryFn: () => get<Wire<typeof coreEnterpriseSchema>[]>('/supplyloan/coreEnterprises'),
    staleTime: 5 * 60_000,
  });
}

export function useInvoices(q: Partial<InvoiceListQuery> & { page: number; size: number }) {
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'invoices', q],
    queryFn: () => get<Wire<typeof invoicePageSchema>>('/supplyloan/invoices', q),
    placeholderData: keepPreviousData,
  });
}

/** What the trial needs so far: the contract's fields, each possibly missing (the query waits until none is). */
type TrialInput = { [K in keyof z.output<typeof trialBody>]?: (K extends 'invoiceIds' ? number[] : number) | null };
export function useTrial(input: TrialInput) {
  const ready = !!input.creditLineId && !!input.amount && !!input.termDays && input.termDays > 0;
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'trial', input],
    queryFn: () =>
      postJson<Trial>('/supplyloan/trial', {
        creditLineId: input.creditLineId,
        amount: input.amount,
        termDays: input.termDays,
        invoiceIds: input.invoiceIds?.length ? input.invoiceIds : undefined,
        orderAmount: input.orderAmount ?? undefined,
      }).then(unwrap),
    enabled: ready,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useFinancings(q: FinancingFilters & { page: number; size: number }) {
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'financings', q],
    queryFn: () => get<Wire<typeof financingListSchema>>('/supplyloan/financings', q),
    placeholderData: keepPreviousData,
  });
}

export function useFinancing(id: number | null) {
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'financing', id],
    queryFn: () => get<FinancingDetail>(`/supplyloan/financings/${id}`),
    enabled: id !== null,
  });
}

export function useQuote(id: number | null) {
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'quote', id],
    queryFn: () => get<RepaymentQuote>(`/supplyloan/financings/${id}/quote`),
    enabled: id !== null,
  });
}

export function useDue() {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'due'], queryFn: () => get<Wire<typeof dueFinancingsSchema>>('/supplyloan/due') });
}

export function useExtensions(q: { page: number; size: number }) {
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'extensions', q],
    queryFn: () => get<Wire<typeof extensionPageSchema>>('/supplyloan/extensions', q),
    placeholderData: keepPreviousData,
  });
}

export function useDrawable() {
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'drawable'],
    queryFn: () => get<Wire<typeof drawableOrderLoanSchema>[]>('/supplyloan/orderLoans/drawable'),
  });
}

export function useDrawdowns(q: Partial<DrawdownListQuery> & { page: number; size: number }) {
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'drawdowns', q],
    queryFn: () => get<Wire<typeof drawdownPageSchema>>('/supplyloan/drawdowns', q),
    placeholderData: keepPreviousData,
  });
}

// Actions -------------------------------------------------------------------------------------------

export function useJoinPlatform() {
  return useAction({
    call: (body: Keyed<z.input<typeof joinPlatformBody>>) => postJson<Wire<typeof joinPlatformResult>>('/supplyloan/platforms/join', body),
    invalidates: REFRESH,
    success: '准入申请已提交，运营人员审核通过后将为您开通授信',
  });
}

export function useRegisterInvoice() {
  return useAction({
    call: (body: z.input<typeof registerInvoiceBody>) => postJson<Wire<typeof registerInvoiceResult>>('/supplyloan/invoices', body),
    invalidates: REFRESH,
    success: '发票已登记，等待运营核验',
  });
}

export type AppliedFinancing = Wire<typeof appliedFinancingSchema>;

export function useApplyInvoiceFinancing() {
  return useAction({
    call: (body: Keyed<z.input<typeof invoiceFinancingBody>>) => postJson<AppliedFinancing>('/supplyloan/financings', body),
    invalidates: REFRESH,
  });
}

export function useApplyOrderLoan() {
  return useAction({
    call: (body: Keyed<z.input<typeof orderLoanBody>>) => postJson<AppliedFinancing>('/supplyloan/orderLoans', body),
    invalidates: REFRESH,
  });
}

export function useCancelFinancing() {
  return useAction({
    call: (id: number) => postJson<unknown>(`/supplyloan/financings/${id}/cancel`),
    invalidates: REFRESH,
    success: '融资申请已取消',
  });
}

export function useRequestDrawdown() {
  return useAction({
    call: ({ financingId, ...body }: Keyed<z.input<typeof drawdownBody>> & { financingId: number }) =>
      postJson<Wire<typeof drawdownResultSchema>>(`/supplyloan/financings/${financingId}/drawdowns`, body),
    invalidates: REFRESH,
    success: '提款申请已提交，运营放款后资金进入受控账户',
  });
}

export function useRequestExtension() {
  return useAction({
    call: ({ financingId, ...body }: Keyed<z.input<typeof extensionBody>> & { financingId: number }) =>
      postJson<Wire<typeof extensionResultSchema>>(`/supplyloan/financings/${financingId}/extension`, body),
    invalidates: REFRESH,
    success: '展期申请已提交，等待运营审核',
  });
}

export function useSubmitVoucher() {
  return useAction({
    call: ({ financingId, ...body }: Keyed<z.input<typeof voucherBody>> & { financingId: number }) =>
      postJson<Wire<typeof voucherResultSchema>>(`/supplyloan/financings/${financingId}/voucher`, body),
    invalidates: REFRESH,
    success: '还款凭证已提交，等待运营确认',
  });
}

/** Online repayment: amount in cents, the encrypted password and one idempotency key per confirmation. */
export function useRepay() {
  return useAction({
    call: ({ financingId, amount, ...confirmation }: { financingId: number; amount: number } & Confirmation) =>
      postConfirmed<RepayResult>(`/supplyloan/financings/${financingId}/repay`, { amount }, confirmation),
    invalidates: REFRESH,
  });
}
