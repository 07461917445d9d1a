import { certificationApi as api, referenceApi, type AnswerOf, type BodyInput } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, queryOf, send } from '../../lib/api-client.ts';
import { CURRENT_USER_KEY } from '../../lib/session.ts';

// The certification calls: each hook names its operation in the contract (certificationApi,
// packages/domain/src/contract/certification.ts; the bank and division lists: referenceApi).

export type Area = AnswerOf<typeof referenceApi.provinces>[number];
export type Bank = AnswerOf<typeof referenceApi.banks>[number];

export type AuthenticationValues = BodyInput<typeof api.submit>;
export type Authentication = AnswerOf<typeof api.detail>;
export type UploadedFile = NonNullable<Authentication['files']['licence']>;
export type AuthenticationListItem = AnswerOf<typeof api.list>['items'][number];
type AccountChangeInfo = AnswerOf<typeof api.accountChangeInfo>;
export type BoundAccount = NonNullable<AccountChangeInfo['account']>;
export type AccountChange = AccountChangeInfo['history'][number];
/** The settlement account change form: the new account, the reason and the optional proof. */
export type AccountChangeValues = BodyInput<typeof api.submitAccountChange>;

const AREA = areaKey(api.current);

/** SPEC §4: bank and province lists load once and stay cached; cities and branches on request. */
export const useBanks = () => useQuery({ ...queryOf(referenceApi.banks), staleTime: Infinity, gcTime: Infinity });

export const useProvinces = () => useQuery({ ...queryOf(referenceApi.provinces), staleTime: Infinity, gcTime: Infinity });

export function useCities(provinceCode: string | null | undefined) {
  return useQuery({
    ...queryOf(referenceApi.cities, { query: { provinceCode: provinceCode ?? '' } }),
    enabled: !!provinceCode,
    staleTime: 30 * 60_000,
  });
}

/** SPEC §7: the keyword is URL-encoded here and once more by the query string, i.e. twice on the wire. */
export function useBranches(bankCode: string | null | undefined, cityCode: string | null | undefined, keyword: string) {
  return useQuery({
    ...queryOf(referenceApi.branches, {
      query: {
        bankCode: bankCode ?? undefined,
        area_id: cityCode ?? undefined,
        name: keyword ? encodeURIComponent(keyword) : undefined,
        page: 1,
        size: 50,
      },
    }),
    enabled: !!bankCode && !!cityCode,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export const useCurrentAuthentication = () => useQuery(queryOf(api.current));

export function useAuthenticationList(page: number, size: number) {
  return useQuery({ ...queryOf(api.list, { query: { page, size } }), placeholderData: keepPreviousData });
}

export function useAuthentication(id: number | null | undefined) {
  return useQuery({ ...queryOf(api.detail, { params: { id: id! } }), enabled: !!id });
}

// Certification changes what the user may do (menus, dashboard notice): the current user is refreshed too.
const CERTIFICATION_REFRESHES = [AREA, CURRENT_USER_KEY, ['dashboard']] as const;

export function useSaveAuthentication(kind: 'draft' | 'submit') {
  return useAction({
    call: (body: AuthenticationValues) => send(kind === 'draft' ? api.saveDraft : api.submit, { body }),
    invalidates: CERTIFICATION_REFRESHES,
    success: kind === 'draft' ? '草稿已保存' : undefined,
  });
}

export const useAccountChangeInfo = () => useQuery(queryOf(api.accountChangeInfo));

export function useSubmitAccountChange() {
  return useAction({
    call: (body: AccountChangeValues) => send(api.submitAccountChange, { body }),
    invalidates: CERTIFICATION_REFRESHES,
    success: '变更申请已提交，审核通过后生效',
  });
}
