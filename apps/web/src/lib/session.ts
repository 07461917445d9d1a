import { useQuery } from '@tanstack/react-query';
import type { LoginUser } from '@factoring/domain';
import { request, unwrap } from './request.ts';

export type { LoginUser };

export interface CurrentUser {
  exponent: string;
  modulus: string;
  loginUser: LoginUser | null;
}

export interface MenuItem {
  id: number;
  name: string;
  route: string | null;
  bpid: number | null;
  mpid: number | null;
  icon: string | null;
}

export const CURRENT_USER_KEY = ['currentUser'] as const;
const MENUS_KEY = ['menus'] as const;

export const fetchCurrentUser = () => request<CurrentUser>('/user/current').then(unwrap);

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
    queryFn: () => request<MenuItem[]>('/menus').then(unwrap),
    enabled,
    staleTime: 5 * 60_000,
  });
}
