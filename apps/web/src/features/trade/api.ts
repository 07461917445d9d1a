import type { BodyInput } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { call, queryOf, send } from '../../lib/api-client.ts';
import { publicApi as api } from '../../lib/public-api.ts';
import { encryptPassword } from '../../lib/rsa.ts';
import { fetchCurrentUser } from '../../lib/session.ts';

// The open pages' calls: the contract's endpoints named zod-free (lib/public-api.ts), so zod stays
// out of their bundle.

export type RegisterInput = BodyInput<typeof api.register>;

/** Encrypts passwords with the server's RSA key, as the login does (SPEC §4). */
export async function encryptAll<K extends string>(plain: Record<K, string>): Promise<Record<K, string>> {
  const key = await fetchCurrentUser();
  const out = {} as Record<K, string>;
  for (const k of Object.keys(plain) as K[]) out[k] = await encryptPassword(plain[k], key);
  return out;
}

export const fetchChallenge = () => call(api.challenge);

/** Registration: the challenge is solved and the passwords encrypted by the caller; a refusal names its field. */
export function useRegister() {
  return useAction({ call: (body: RegisterInput) => send(api.register, { body }) });
}

export const activateAccount = (token: string) => send(api.activate, { body: { token } });

export const checkToken = (token: string, purpose: 'activate' | 'reset') => send(api.checkToken, { query: { token, purpose } });

/** A mail to an account named by login name or email: the same answer whatever the account. */
export type AccountMail = 'resendActivation' | 'forgetPwd';

export function useAccountMailCall(mail: AccountMail) {
  const endpoint = mail === 'resendActivation' ? api.resendActivation : api.forgetPassword;
  return useAction({ call: (account: string) => send(endpoint, { body: { account } }) });
}

/** A new password through a mailed link; a refusal names its field, or why the link is unusable (`reason`). */
export function useResetPassword() {
  return useAction({ call: (body: BodyInput<typeof api.resetPassword>) => send(api.resetPassword, { body }) });
}

export function useFaq(keyword: string) {
  const k = keyword.trim();
  return useQuery({
    ...queryOf(api.faq, { query: k ? { keyword: k } : {} }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
