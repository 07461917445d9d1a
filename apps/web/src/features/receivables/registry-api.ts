import { registryApi as api, type AnswerOf, type BodyInput, type QueryInput } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, pathOf, queryOf, send } from '../../lib/api-client.ts';
import type { Keyed } from '../../lib/confirm.ts';

// The registry desk's calls (issue 36, 中登网): each hook names its operation in the contract (registryApi,
// packages/domain/src/contract/registry.ts). Operators only.

export type Registration = AnswerOf<typeof api.registrations>['items'][number];
export type RegistrationDetail = AnswerOf<typeof api.registration>;
export type Unregistered = AnswerOf<typeof api.unregistered>[number];
export type RegistrySearch = AnswerOf<typeof api.search>;
export type RegistryView = NonNullable<QueryInput<typeof api.registrations>['view']>;
export type UploadedSearchInput = Keyed<BodyInput<typeof api.uploadSearch>>;

/** Every act of the desk refreshes the desk (`['registry']`), the receivables desk and the task inbox (its drawer's facts). */
const AREA = areaKey(api.summary);
const REFRESH = [AREA, ['receivables'], ['bpm']] as const;

export const useRegistrySummary = () => useQuery(queryOf(api.summary));

export function useRegistrations(q: { view: RegistryView; page: number; size: number; keyword?: string }) {
  return useQuery({ ...queryOf(api.registrations, { query: q }), placeholderData: keepPreviousData });
}

export function useRegistration(id: number | null) {
  return useQuery({ ...queryOf(api.registration, { params: { id: id! } }), enabled: id !== null });
}

export const useUnregistered = () => useQuery(queryOf(api.unregistered));

/** A certificate (登记证明 / 查询证明) by its 20-digit number: a PDF the browser downloads. */
export const certificateUrl = (number: string) => pathOf(api.certificate, { number });

/** 初始登记 of a financing's assignment, for `years`. */
export function useRegister() {
  return useAction({
    call: ({ financingId, years, idempotencyKey }: { financingId: number; years: number; idempotencyKey: string }) =>
      send(api.register, { params: { id: financingId }, body: { years, idempotencyKey } }),
    invalidates: REFRESH,
    success: (r) => `已办理初始登记，登记编号 ${r.registrationNo}，期限 ${r.years} 年，至 ${r.expiresOn}`,
  });
}

/** 查询 by the financing's transferor: the answer is kept with the financing. */
export function useSearch() {
  return useAction({
    call: ({ financingId, idempotencyKey }: { financingId: number; idempotencyKey: string }) =>
      send(api.search, { params: { id: financingId }, body: { idempotencyKey } }),
    invalidates: REFRESH,
    success: (s) =>
      s.outcome === 'CLEAR' ? `查询完成（查询证明 ${s.proofNo}）：未发现他人在先登记` : '查询完成：发现他人在先登记，不能放款',
  });
}

/** A search certificate made at a real registry, uploaded as a PDF and kept with the financing. */
export function useUploadSearch() {
  return useAction({
    call: ({ financingId, ...body }: UploadedSearchInput & { financingId: number }) =>
      send(api.uploadSearch, { params: { id: financingId }, body }),
    invalidates: REFRESH,
    success: '查询证明已留存',
  });
}

export function useAmend() {
  return useAction({
    call: ({ id, ...body }: { id: number; note: string; description?: string; idempotencyKey: string }) =>
      send(api.amend, { params: { id }, body }),
    invalidates: REFRESH,
    success: (r) => `登记 ${r.registrationNo} 已办理变更登记`,
  });
}

export function useExtend() {
  return useAction({
    call: ({ id, years, idempotencyKey }: { id: number; years: number; idempotencyKey: string }) =>
      send(api.extend, { params: { id }, body: { years, idempotencyKey } }),
    invalidates: REFRESH,
    success: (r) => `登记 ${r.registrationNo} 已展期，至 ${r.expiresOn}（共 ${r.years} 年）`,
  });
}

export function useCancelRegistration() {
  return useAction({
    call: ({ id, reason, idempotencyKey }: { id: number; reason: string; idempotencyKey: string }) =>
      send(api.cancel, { params: { id }, body: { reason, idempotencyKey } }),
    invalidates: REFRESH,
    success: (r) => `登记 ${r.registrationNo} 已注销`,
  });
}
