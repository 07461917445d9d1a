import type {
  accountChangeInfoSchema,
  accountChangeInput,
  accountChangeRequestSchema,
  accountChangeSubmittedSchema,
  accountFieldsInput,
  areaListSchema,
  bankListSchema,
  branchPageSchema,
  authenticationInput,
  authenticationListItemSchema,
  authenticationSchema,
  boundSettlementAccountSchema,
  currentAuthenticationSchema,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAction } from '../../lib/action.ts';
import { request, unwrap, type Paged } from '../../lib/request.ts';
import { CURRENT_USER_KEY } from '../../lib/session.ts';

export type Area = z.input<typeof areaListSchema>[number];
export type Bank = z.input<typeof bankListSchema>[number];
type BranchPage = z.input<typeof branchPageSchema>;

// Types of what is sent and answered: the contract in packages/domain/src/contract/certification.ts.
export type AccountValues = z.input<typeof accountFieldsInput>;
export type AuthenticationValues = z.input<typeof authenticationInput>;
export type Authentication = z.input<typeof authenticationSchema>;
export type UploadedFile = NonNullable<Authentication['files']['licence']>;
export type AuthenticationListItem = z.input<typeof authenticationListItemSchema>;
type CurrentAuthentication = z.input<typeof currentAuthenticationSchema>;
export type BoundAccount = z.input<typeof boundSettlementAccountSchema>;
export type AccountChange = z.input<typeof accountChangeRequestSchema>;
type AccountChangeInfo = z.input<typeof accountChangeInfoSchema>;

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
  return useQuery({
    queryKey: KEYS.banks,
    queryFn: () => request<Bank[]>('/bank/queryBank').then(unwrap),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useProvinces() {
  return useQuery({
    queryKey: KEYS.provinces,
    queryFn: () => request<Area[]>('/area/queryArea').then(unwrap),
    staleTime: Infinity,
    gcTime: Infinity,
  });
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
      request<BranchPage>('/bank/queryBankBranch', {
        data: { bankCode, area_id: cityCode, name: keyword ? encodeURIComponent(keyword) : undefined, page: 1, size: 50 },
      }).then(unwrap),
    enabled: !!bankCode && !!cityCode,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
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

// Certification changes what the user may do (menus, dashboard notice): the current user is refreshed too.
const CERTIFICATION_REFRESHES = [['authentication'], CURRENT_USER_KEY, ['dashboard']] as const;

export function useSaveAuthentication(kind: 'draft' | 'submit') {
  return useAction({
    call: (values: AuthenticationValues) =>
      request<Authentication>(`/authentication/${kind}`, { method: 'POST', data: { ...values }, json: true }),
    invalidates: CERTIFICATION_REFRESHES,
    success: kind === 'draft' ? '草稿已保存' : undefined,
  });
}

export function useAccountChangeInfo() {
  return useQuery({ queryKey: KEYS.account, queryFn: () => request<AccountChangeInfo>('/system/modifyAccountInfo').then(unwrap) });
}

export function useSubmitAccountChange() {
  return useAction({
    call: (values: z.input<typeof accountChangeInput>) =>
      request<z.input<typeof accountChangeSubmittedSchema>>('/system/modifyAccountInfo', {
        method: 'POST',
        data: { ...values },
        json: true,
      }),
    invalidates: CERTIFICATION_REFRESHES,
    success: '变更申请已提交，审核通过后生效',
  });
}
