import type { SettlementAccount } from '@factoring/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, unwrap, type Paged } from '../../lib/request.ts';
import { CURRENT_USER_KEY } from '../../lib/session.ts';

export interface Area {
  code: string;
  name: string;
}

export interface Bank {
  code: string;
  name: string;
  fullName: string;
}

export interface Branch {
  unionBankNo: string;
  name: string;
  bankCode: string;
  cityCode: string;
}

export interface UploadedFile {
  id: number;
  originalName: string;
  mimeType: 'image/jpeg' | 'image/png' | 'application/pdf';
  size: number;
  url: string;
}

export type AuthenticationStatus = 'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED';

/** The settlement account fields shared by the authentication and the account change. */
export interface AccountValues {
  accountName?: string | null;
  accountNo?: string | null;
  bankCode?: string | null;
  provinceCode?: string | null;
  cityCode?: string | null;
  unionBankNo?: string | null;
}

export interface AuthenticationValues extends AccountValues {
  id?: number | null;
  enterpriseName?: string | null;
  uscc?: string | null;
  registeredAddress?: string | null;
  legalName?: string | null;
  legalIdCard?: string | null;
  contactName?: string | null;
  contactMobile?: string | null;
  contactEmail?: string | null;
  licenceFileId?: number | null;
  idFrontFileId?: number | null;
  idBackFileId?: number | null;
}

export interface Authentication extends Required<Omit<AuthenticationValues, 'id'>> {
  id: number;
  enterpriseId: number;
  status: AuthenticationStatus;
  statusLabel: string;
  legalBirthDate: string | null;
  legalGender: 'M' | 'F' | null;
  files: { licence: UploadedFile | null; idFront: UploadedFile | null; idBack: UploadedFile | null };
  bankName: string | null;
  provinceName: string | null;
  cityName: string | null;
  branchName: string | null;
  rejectReason: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AuthenticationListItem {
  id: number;
  status: AuthenticationStatus;
  statusLabel: string;
  enterpriseName: string | null;
  uscc: string | null;
  legalName: string | null;
  accountNo: string | null;
  bankName: string | null;
  rejectReason: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BoundAccount extends SettlementAccount {
  boundAt: string;
}

export interface CurrentAuthentication {
  enterprise: { name: string; uscc: string | null; certified: boolean; certifiedAt: string | null };
  pending: Authentication | null;
  editable: Authentication | null;
  approved: Authentication | null;
  virtualAccountNo: string | null;
  settlementAccount: BoundAccount | null;
}

export interface AccountChange extends Omit<BoundAccount, 'boundAt'> {
  id: number;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  statusLabel: string;
  changeReason: string;
  proofFileId: number | null;
  proofFile: UploadedFile | null;
  rejectReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface AccountChangeInfo {
  enterpriseName: string | null;
  certified: boolean;
  account: BoundAccount | null;
  pending: AccountChange | null;
  history: AccountChange[];
}

const KEYS = {
  banks: ['reference', 'banks'] as const,
  provinces: ['reference', 'provinces'] as const,
  cities: (province: string) => ['reference', 'cities', province] as const,
  branches: (bank: string, city: string, keyword: string) => ['reference', 'branches', bank, city, keyword] as const,
  current: ['authentication', 'current'] as const,
  list: (page: number, size: number) => ['authentication', 'list', page, size] as const,
  detail: (id: number) => ['authentication', 'detail', id] as const,
  account: ['authentication', 'account'] as const,
};

/** SPEC §4: bank and province lists load once and stay cached; cities and branches on request. */
export function useBanks() {
  return useQuery({ queryKey: KEYS.banks, queryFn: () => request<Bank[]>('/bank/queryBank').then(unwrap), staleTime: Infinity, gcTime: Infinity });
}

export function useProvinces() {
  return useQuery({ queryKey: KEYS.provinces, queryFn: () => request<Area[]>('/area/queryArea').then(unwrap), staleTime: Infinity, gcTime: Infinity });
}

export function useCities(provinceCode: string | null | undefined) {
  return useQuery({
    queryKey: KEYS.cities(provinceCode ?? ''),
    queryFn: () => request<Area[]>('/area/queryCity', { data: { provinceCode } }).then(unwrap),
    enabled: !!provinceCode,
    staleTime: 30 * 60_000,
  });
}

/** SPEC §7: the keyword is URL-encoded here and once more by the query string, i.e. twice on the wire. */
export function useBranches(bankCode: string | null | undefined, cityCode: string | null | undefined, keyword: string) {
  return useQuery({
    queryKey: KEYS.branches(bankCode ?? '', cityCode ?? '', keyword),
    queryFn: () =>
      request<Paged<Branch>>('/bank/queryBankBranch', {
        data: { bankCode, area_id: cityCode, name: keyword ? encodeURIComponent(keyword) : undefined, page: 1, size: 50 },
      }).then(unwrap),
    enabled: !!bankCode && !!cityCode,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export async function uploadFile(file: File, purpose: string): Promise<UploadedFile> {
  const form = new FormData();
  form.append('purpose', purpose); // before the file: the server reads fields that precede it
  form.append('file', file, file.name);
  return unwrap(await request<UploadedFile>('/uploads', { method: 'POST', data: form }));
}

export function useCurrentAuthentication() {
  return useQuery({ queryKey: KEYS.current, queryFn: () => request<CurrentAuthentication>('/authentication/current').then(unwrap) });
}

export function useAuthenticationList(page: number, size: number) {
  return useQuery({
    queryKey: KEYS.list(page, size),
    queryFn: () => request<Paged<AuthenticationListItem>>('/authentication/list', { data: { page, size } }).then(unwrap),
    placeholderData: keepPreviousData,
  });
}

export function useAuthentication(id: number | null | undefined) {
  return useQuery({
    queryKey: KEYS.detail(id ?? 0),
    queryFn: () => request<Authentication>(`/authentication/${id}`).then(unwrap),
    enabled: !!id,
  });
}

function useInvalidateAuthentication() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['authentication'] }),
      // certification changes what the user may do (menus, dashboard notice)
      client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    ]);
}

export function useSaveAuthentication(kind: 'draft' | 'submit') {
  const invalidate = useInvalidateAuthentication();
  return useMutation({
    mutationFn: async (values: AuthenticationValues) => unwrap(await request<Authentication>(`/authentication/${kind}`, { method: 'POST', data: { ...values }, json: true })),
    onSuccess: () => invalidate(),
  });
}

export function useAccountChangeInfo() {
  return useQuery({ queryKey: KEYS.account, queryFn: () => request<AccountChangeInfo>('/system/modifyAccountInfo').then(unwrap) });
}

export function useSubmitAccountChange() {
  const invalidate = useInvalidateAuthentication();
  return useMutation({
    mutationFn: async (values: AccountValues & { changeReason: string; proofFileId?: number | null }) =>
      unwrap(await request<{ id: number }>('/system/modifyAccountInfo', { method: 'POST', data: { ...values }, json: true })),
    onSuccess: () => invalidate(),
  });
}
