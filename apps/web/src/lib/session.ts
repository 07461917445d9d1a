import { authApi, systemApi, type AnswerOf, type LoginUser } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';

export type { LoginUser };

/** `/api/user/current`: the user (or null) and the RSA public key of the login form. */
export type CurrentUser = AnswerOf<typeof authApi.current>;
/** One entry of the caller's menu list. */
export type MenuItem = AnswerOf<typeof systemApi.menus>[number];

// Explicit keys: other features refresh the user (certification) and the menus (cloud loan) by them.
export const CURRENT_USER_KEY = ['currentUser'] as const;
const MENUS_KEY = ['menus'] as const;

export const fetchCurrentUser = () => call(authApi.current);

/** SPEC §4: the start of everything — the user (or null) and the RSA key for the login form. */
export function useCurrentUser() {
  return useQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser, staleTime: 60_000 });
}

export function useLoginUser(): LoginUser | null {
  return useCurrentUser().data?.loginUser ?? null;
}

/** The caller's menu list: the public set logged out, the full set logged in. */
export function useMenus(userId: number | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...MENUS_KEY, userId ?? 'public'],
    queryFn: () => call(systemApi.menus),
    enabled,
    staleTime: 5 * 60_000,
  });
}
