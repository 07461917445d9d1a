import { useQuery } from '@tanstack/react-query';
import { request, unwrap, type Envelope } from '../../lib/request.ts';
import { encryptPassword } from '../../lib/rsa.ts';
import { fetchCurrentUser } from '../../lib/session.ts';

/** An answer of the account calls: a refused rule may name its form field, a mailed link its trouble. */
export type AccountAnswer<T> = Envelope<T> & { field?: string; reason?: 'INVALID' | 'EXPIRED' | 'USED' };

export interface Challenge {
  nonce: string;
  difficulty: number;
  expiresAt: string;
}

export interface Faq {
  id: number;
  question: string;
  answer: string;
  highlight: boolean;
}
export interface FaqGroup {
  group: string;
  items: Faq[];
}

/** Encrypts passwords with the server's RSA key, as the login does (SPEC §4). */
export async function encryptAll<K extends string>(plain: Record<K, string>): Promise<Record<K, string>> {
  const key = await fetchCurrentUser();
  const out = {} as Record<K, string>;
  for (const k of Object.keys(plain) as K[]) out[k] = await encryptPassword(plain[k], key);
  return out;
}

export const fetchChallenge = () => request<Challenge>('/reg/challenge').then(unwrap);

export interface RegisterInput {
  email: string;
  loginName: string;
  enterpriseName: string;
  mobile: string;
  password: string;
  confirmPassword: string;
  challenge: string;
  counter: string;
  agree: boolean;
}

export const registerAccount = (data: RegisterInput) =>
  request<{ loginName: string; email: string }>('/reg/email', { method: 'POST', json: true, data: { ...data } }) as Promise<AccountAnswer<{ loginName: string; email: string }>>;

export const activateAccount = (token: string) =>
  request<{ loginName: string; activated: boolean }>('/reg/activate', { method: 'POST', data: { token } }) as Promise<AccountAnswer<{ loginName: string; activated: boolean }>>;

export const checkToken = (token: string, purpose: 'activate' | 'reset') =>
  request<{ expiresAt: string }>('/reg/checkToken', { data: { token, purpose } }) as Promise<AccountAnswer<{ expiresAt: string }>>;

export const resendActivation = (account: string) =>
  request<string>('/reg/resendActivation', { method: 'POST', json: true, data: { account } }) as Promise<AccountAnswer<string>>;

export const forgetPassword = (account: string) =>
  request<string>('/reg/forgetPwd', { method: 'POST', json: true, data: { account } }) as Promise<AccountAnswer<string>>;

export const resetPassword = (data: { token: string; password: string; confirmPassword: string }) =>
  request<{ loginName: string }>('/reg/resetPwd', { method: 'POST', data }) as Promise<AccountAnswer<{ loginName: string }>>;

export function useFaq(keyword: string) {
  const k = keyword.trim();
  return useQuery({
    queryKey: ['content', 'faq', k],
    queryFn: () => request<FaqGroup[]>('/content/faq', { data: k ? { keyword: k } : undefined }).then(unwrap),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
