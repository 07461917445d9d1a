import { accountApi, contentApi, type BodyInput } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { call, queryOf, send } from '../../lib/api-client.ts';
import { encryptPassword } from '../../lib/rsa.ts';
import { fetchCurrentUser } from '../../lib/session.ts';

// The open pages' calls: registration, activation, password recovery, the FAQ.

export type RegisterInput = BodyInput<typeof accountApi.register>;

/** Encrypts passwords with the server's RSA key, as the login does (SPEC §4). */
export async function encryptAll<K extends string>(plain: Record<K, string>): Promise<Record<K, string>> {
  const key = await fetchCurrentUser();
  const out = {} as Record<K, string>;
  for (const k of Object.keys(plain) as K[]) out[k] = await encryptPassword(plain[k], key);
  return out;
}

export const fetchChallenge = () => call(accountApi.challenge);

/** Registration: the challenge is solved and the passwords encrypted by the caller; a refusal names its field. */
export function useRegister() {
  return useAction({ call: (body: RegisterInput) => send(accountApi.register, { body }) });
}

export const activateAccount = (token: string) => send(accountApi.activate, { body: { token } });

export const checkToken = (token: string, purpose: 'activate' | 'reset') => send(accountApi.checkToken, { query: { token, purpose } });

/** A mail to an account named by login name or email: the same answer whatever the account. */
export type AccountMail = 'resendActivation' | 'forgetPwd';

export function useAccountMailCall(mail: AccountMail) {
  const endpoint = mail === 'resendActivation' ? accountApi.resendActivation : accountApi.forgetPassword;
  return useAction({ call: (account: string) => send(endpoint, { body: { account } }) });
}

/** A new password through a mailed link; a refusal names its field, or why the link is unusable (`reason`). */
export function useResetPassword() {
  return useAction({ call: (body: BodyInput<typeof accountApi.resetPassword>) => send(accountApi.resetPassword, { body }) });
}

export function useFaq(keyword: string) {
  const k = keyword.trim();
  return useQuery({
    ...queryOf(contentApi.faq, { query: k ? { keyword: k } : {} }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
