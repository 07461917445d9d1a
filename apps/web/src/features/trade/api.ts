// Type-only imports of the contract: these are open pages, and zod stays out of their bundle.
import type { challengeSchema, faqGroupsSchema, registeredSchema, registerInput } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAction } from '../../lib/action.ts';
import { request, unwrap } from '../../lib/request.ts';
import { encryptPassword } from '../../lib/rsa.ts';
import { fetchCurrentUser } from '../../lib/session.ts';

type Challenge = z.input<typeof challengeSchema>;
export type RegisterInput = z.input<typeof registerInput>;
type FaqGroup = z.input<typeof faqGroupsSchema>[number];

/** Encrypts passwords with the server's RSA key, as the login does (SPEC §4). */
export async function encryptAll<K extends string>(plain: Record<K, string>): Promise<Record<K, string>> {
  const key = await fetchCurrentUser();
  const out = {} as Record<K, string>;
  for (const k of Object.keys(plain) as K[]) out[k] = await encryptPassword(plain[k], key);
  return out;
}

export const fetchChallenge = () => request<Challenge>('/reg/challenge').then(unwrap);

/** Registration: the challenge is solved and the passwords encrypted by the caller; a refusal names its field. */
export function useRegister() {
  return useAction({
    call: (data: RegisterInput) =>
      request<z.input<typeof registeredSchema>>('/reg/email', { method: 'POST', json: true, data: { ...data } }),
  });
}

export const activateAccount = (token: string) =>
  request<{ loginName: string; activated: boolean }>('/reg/activate', { method: 'POST', data: { token } });

export const checkToken = (token: string, purpose: 'activate' | 'reset') =>
  request<{ expiresAt: string }>('/reg/checkToken', { data: { token, purpose } });

/** A mail to an account named by login name or email: the same answer whatever the account. */
export type AccountMail = 'resendActivation' | 'forgetPwd';

export function useAccountMailCall(mail: AccountMail) {
  return useAction({
    call: (account: string) => request<string>(`/reg/${mail}`, { method: 'POST', json: true, data: { account } }),
  });
}

/** A new password through a mailed link; a refusal names its field, or why the link is unusable (`reason`). */
export function useResetPassword() {
  return useAction({
    call: (data: { token: string; password: string; confirmPassword: string }) =>
      request<{ loginName: string }>('/reg/resetPwd', { method: 'POST', data }),
  });
}

export function useFaq(keyword: string) {
  const k = keyword.trim();
  return useQuery({
    queryKey: ['content', 'faq', k],
    queryFn: () => request<FaqGroup[]>('/content/faq', { data: k ? { keyword: k } : undefined }).then(unwrap),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
