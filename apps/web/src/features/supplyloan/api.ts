import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, unwrap, type Envelope, type Paged } from '../../lib/request.ts';
import { encryptLoginPassword } from '../../lib/confirm.ts';

/** Query keys of the supply-loan area: every mutation refreshes them all. */
export const SUPPLY_KEY = ['supplyloan'] as const;

export type InterestMode = 'UPFRONT' | 'ARREARS';
export type FinancingStatus = 'SUBMITTED' | 'APPROVED' | 'CONTRACT_SIGNED' | 'DISBURSED' | 'REPAYING' | 'SETTLED' | 'REJECTED' | 'CANCELLED';
export type CreditStatus = 'ACTIVE' | 'FROZEN' | 'EXPIRED';
export type InvoiceStatus = 'REGISTERED' | 'VERIFIED' | 'FINANCED' | 'SETTLED' | 'REJECTED';

export interface PriceBracket {
  minDays: number;
  maxDays: number;
  annualRatePpm: number;
  serviceFeeRatePpm: number;
}

export interface BankAccount {
  accountName: string;
  bankBranchName: string;
  accountNo: string;
}

export interface Platform {
  id: number;
  code: string;
  name: string;
  product: 'SUPPLY' | 'PLEDGE';
  coreEnterpriseId: number;
  coreEnterpriseName: string;
  annualRatePpm: number;
  maxTermDays: number;
  advanceRatePpm: number;
  interestMode: InterestMode;
  interestModeLabel: string;
  serviceFeeRatePpm: number;
  penaltyMultiplierPpm: number;
  priceList: PriceBracket[];
  repaymentAccount: BankAccount;
  description: string;
  joinable: boolean;
}

export interface CreditLineView {
  id: number;
  limit: number;
  used: number;
  reserved: number;
  available: number;
  startDate: string;
  expiryDate: string;
  status: CreditStatus;
}

export interface PlatformRow extends Platform {
  creditLine: CreditLineView | null;
  joinApplication: { id: number; status: 'PENDING' | 'APPROVED' | 'REJECTED'; requestedLimit: number; reviewNote: string | null; createdAt: string } | null;
}

export interface MyCreditLine extends CreditLineView {
  platform: Platform;
}

export interface Invoice {
  id: number;
  invoiceCode: string;
  invoiceNumber: string;
  issueDate: string;
  amount: number;
  taxAmount: number;
  buyerEnterpriseId: number;
  buyerName: string;
  imageUploadId: number | null;
  status: InvoiceStatus;
  statusLabel: string;
  reviewNote: string | null;
  financingId: number | null;
  financingNo: string | null;
  createdAt: string;
}

export interface Trial {
  principal: number;
  termDays: number;
  annualRatePpm: number;
  serviceFeeRatePpm: number;
  interestMode: InterestMode;
  interestModeLabel: string;
  interest: number;
  serviceFee: number;
  netDisbursed: number;
  dueAtMaturity: number;
  startDate: string;
  dueDate: string;
  available: number;
  receivables: number | null;
  maxAmount: number;
  maxTermDays: number;
}

export interface Actions {
  cancel: boolean;
  signContract: boolean;
  repay: boolean;
  extend: boolean;
  drawdown: boolean;
}

export interface FinancingRow {
  id: number;
  financingNo: string;
  kind: 'INVOICE' | 'ORDER';
  platformId: number;
  platformName: string;
  amount: number;
  drawn: number;
  termDays: number;
  annualRatePpm: number;
  interestMode: InterestMode;
  interestModeLabel: string;
  interest: number;
  serviceFee: number;
  netAmount: number;
  applyDate: string;
  dueDate: string;
  status: FinancingStatus;
  statusLabel: string;
  overdue: boolean;
  extended: boolean;
  contractId: number | null;
  contractSigned: boolean;
  outstanding: number;
  createdAt: string;
  actions: Actions;
}

export interface Owed {
  principal: number;
  interest: number;
  penalty: number;
  total: number;
  overdueDays: number;
}

export interface Quote extends Owed {
  asOf: string;
  tranches: (Owed & { trancheId: number; seq: number; dueDate: string; startDate: string | null; overdue: boolean })[];
}

export interface ScheduleRow {
  id: number;
  seq: number;
  status: 'PENDING' | 'DISBURSED' | 'SETTLED' | 'CANCELLED';
  amount: number;
  termDays: number;
  interest: number;
  serviceFee: number;
  netAmount: number;
  startDate: string | null;
  dueDate: string | null;
  outstanding: number;
  principalPaid: number;
  interestPaid: number;
  penaltyPaid: number;
  overdue: boolean;
  extended: boolean;
  owedToday: (Owed & { trancheId: number }) | null;
}

export interface Repayment {
  id: number;
  method: 'ONLINE' | 'OFFLINE';
  amount: number;
  principal: number;
  interest: number;
  penalty: number;
  status: 'PENDING' | 'CONFIRMED' | 'REJECTED';
  refNo: string | null;
  reviewNote: string | null;
  repayDate: string;
  createdAt: string;
}

export interface Extension {
  id: number;
  financingId: number;
  financingNo: string;
  trancheId: number;
  oldDueDate: string;
  newDueDate: string;
  extraInterest: number;
  reason: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  reviewNote: string | null;
  createdAt: string;
}

export interface ContractRef {
  id: number;
  contractNo: string;
  title: string;
  status: 'TO_SIGN' | 'SIGNED' | 'EXPIRED' | 'VOID';
  amount: number;
  signedAt: string | null;
  signedByName: string | null;
  createdAt: string;
}

export interface FinancingDetail extends Omit<FinancingRow, 'platformName' | 'outstanding' | 'contractStatus'> {
  platformName: string;
  creditLineId: number;
  purpose: string | null;
  reviewNote: string | null;
  penaltyMultiplierPpm: number;
  serviceFeeRatePpm: number;
  invoices: { id: number; invoiceCode: string; invoiceNumber: string; issueDate: string; amount: number; status: InvoiceStatus }[];
  order: { orderNo: string; amount: number; deliveryDate: string } | null;
  schedule: ScheduleRow[];
  quote: Quote;
  repayments: Repayment[];
  extensions: Extension[];
  contracts: ContractRef[];
  history: { id: number; action: string; fromStatus: string | null; toStatus: string | null; note: string | null; actorName: string; createdAt: string }[];
}

export interface RepaymentQuote {
  financing: { id: number; financingNo: string; status: FinancingStatus; amount: number; dueDate: string; overdue: boolean; interestMode: InterestMode; annualRatePpm: number; penaltyMultiplierPpm: number };
  quote: Quote;
  repayable: boolean;
  available: number;
  receivingAccount: BankAccount;
  pendingVoucher: { id: number; amount: number; createdAt: string } | null;
}

export interface DueRow {
  id: number;
  financingNo: string;
  platformName: string;
  amount: number;
  nextDueDate: string;
  overdue: boolean;
  overdueDays: number;
  principal: number;
  interest: number;
  penalty: number;
  dueToday: number;
  dueSoon: boolean;
  status: FinancingStatus;
  statusLabel: string;
}

export interface Drawable {
  id: number;
  financingNo: string;
  orderNo: string | null;
  platformName: string;
  amount: number;
  drawn: number;
  waiting: number;
  room: number;
  termDays: number;
  annualRatePpm: number;
  serviceFeeRatePpm: number;
  interestMode: InterestMode;
  overdue: boolean;
  status: FinancingStatus;
  statusLabel: string;
}

export interface Drawdown {
  id: number;
  financingId: number;
  financingNo: string;
  seq: number;
  amount: number;
  termDays: number;
  interest: number;
  serviceFee: number;
  netAmount: number;
  status: 'PENDING' | 'DISBURSED' | 'SETTLED' | 'CANCELLED';
  startDate: string | null;
  dueDate: string | null;
  outstanding: number;
  overdue: boolean;
  createdAt: string;
}

const get = <T>(url: string, data?: object) => request<T>(url, { data: data as Record<string, unknown> | undefined }).then(unwrap);

export function usePlatforms() {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'platforms'], queryFn: () => get<PlatformRow[]>('/supplyloan/platforms') });
}

export function usePlatform(id: number | null) {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'platform', id], queryFn: () => get<Platform>(`/supplyloan/platforms/${id}`), enabled: id !== null });
}

export function useCreditLines() {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'creditLines'], queryFn: () => get<MyCreditLine[]>('/supplyloan/creditLines') });
}

export function useCoreEnterprises() {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'coreEnterprises'], queryFn: () => get<{ id: number; name: string }[]>('/supplyloan/coreEnterprises'), staleTime: 5 * 60_000 });
}

export function useInvoices(q: { page: number; size: number; status?: InvoiceStatus; keyword?: string }) {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'invoices', q], queryFn: () => get<Paged<Invoice>>('/supplyloan/invoices', q), placeholderData: keepPreviousData });
}

export function useTrial(input: { creditLineId?: number; amount?: number | null; termDays?: number | null; invoiceIds?: number[]; orderAmount?: number | null }) {
  const ready = !!input.creditLineId && !!input.amount && !!input.termDays && input.termDays > 0;
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'trial', input],
    queryFn: () =>
      request<Trial>('/supplyloan/trial', {
        method: 'POST',
        json: true,
        data: { creditLineId: input.creditLineId, amount: input.amount, termDays: input.termDays, invoiceIds: input.invoiceIds?.length ? input.invoiceIds : undefined, orderAmount: input.orderAmount ?? undefined },
      }).then(unwrap),
    enabled: ready,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface FinancingFilters {
  status?: FinancingStatus;
  platformId?: number;
  kind?: 'INVOICE' | 'ORDER';
  dateFrom?: string;
  dateTo?: string;
  overdue?: 'true' | 'false';
}

export function useFinancings(q: { page: number; size: number } & FinancingFilters) {
  return useQuery({
    queryKey: [...SUPPLY_KEY, 'financings', q],
    queryFn: () => get<Paged<FinancingRow> & { totals: { count: number; amount: number; drawn: number; outstanding: number } }>('/supplyloan/financings', q),
    placeholderData: keepPreviousData,
  });
}

export function useFinancing(id: number | null) {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'financing', id], queryFn: () => get<FinancingDetail>(`/supplyloan/financings/${id}`), enabled: id !== null });
}

export function useQuote(id: number | null) {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'quote', id], queryFn: () => get<RepaymentQuote>(`/supplyloan/financings/${id}/quote`), enabled: id !== null });
}

export function useDue() {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'due'], queryFn: () => get<{ items: DueRow[]; totals: { count: number; dueToday: number; overdueCount: number; dueSoonCount: number } }>('/supplyloan/due') });
}

export function useExtensions(q: { page: number; size: number }) {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'extensions', q], queryFn: () => get<Paged<Extension>>('/supplyloan/extensions', q), placeholderData: keepPreviousData });
}

export function useDrawable() {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'drawable'], queryFn: () => get<Drawable[]>('/supplyloan/orderLoans/drawable') });
}

export function useDrawdowns(q: { page: number; size: number; financingId?: number }) {
  return useQuery({ queryKey: [...SUPPLY_KEY, 'drawdowns', q], queryFn: () => get<Paged<Drawdown>>('/supplyloan/drawdowns', q), placeholderData: keepPreviousData });
}

/** A business submission (not money-moving): resolves with the envelope so the page shows an ERROR in place. */
export function useSubmit<T = unknown>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ url, body }: { url: string; body?: Record<string, unknown> }) => request<T>(url, { method: 'POST', json: true, data: body ?? {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUPPLY_KEY }),
  });
}

/** The login password, RSA-encrypted with the key of `/api/user/current`, like the login. */
export interface RepayResult {
  repaymentId: number;
  refNo: string;
  amount: number;
  principal: number;
  interest: number;
  penalty: number;
  status: FinancingStatus;
  owedAfter: number;
}

/** Online repayment: amount in cents, the encrypted password and one idempotency key per confirmation. */
export function useRepay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, amount, password, idempotencyKey }: { id: number; amount: number; password: string; idempotencyKey: string }): Promise<Envelope<RepayResult | string>> =>
      request<RepayResult | string>(`/supplyloan/financings/${id}/repay`, {
        method: 'POST',
        json: true,
        data: { amount, password: await encryptLoginPassword(password), idempotencyKey },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUPPLY_KEY }),
  });
}

/** Signing the financing contract inline through the contracts API (password confirmation). */
export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, password }: { id: number; password: string }) =>
      request<unknown>(`/contracts/${id}/sign`, { method: 'POST', data: { password: await encryptLoginPassword(password) } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUPPLY_KEY }),
  });
}

/** `POST /api/uploads` (multipart): answers the upload's id. */
export async function uploadFile(file: File, purpose: string): Promise<{ id: number; originalName: string }> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file);
  return request<{ id: number; originalName: string }>('/uploads', { method: 'POST', data: form }).then(unwrap);
}
