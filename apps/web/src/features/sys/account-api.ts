import { accountApi as api, type AnswerOf } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { keyOf, queryOf, send } from '../../lib/api-client.ts';
import { encryptPassword } from '../../lib/rsa.ts';
import { fetchCurrentUser } from '../../lib/session.ts';

// The account settings' calls (/sys/setting): each hook names its operation in the contract
// (accountApi, packages/domain/src/contract/account.ts), which fixes its path, input and answer.

export type MySession = AnswerOf<typeof api.sessions>['active'][number];

/** The caller's sessions: a revoke or a password change ends some of them. */
const SESSIONS = keyOf(api.sessions);

export const useMySessions = () => useQuery(queryOf(api.sessions));

export function useRevokeSession() {
  return useAction({
    call: (id: string) => send(api.revokeSession, { body: { id } }),
    invalidates: [SESSIONS],
    success: (text) => String(text),
  });
}

/**
 * Old and new password, each RSA-encrypted like the login (SPEC §7 `updateLoginPwd`, form). A
 * refusal names the field it is about (`field`), which the form shows it on.
 */
export function useChangePassword() {
  return useAction({
    call: async (plain: { oldPassword: string; newPassword: string; confirmPassword: string }) => {
      const key = await fetchCurrentUser();
      const body = {
        oldPassword: await encryptPassword(plain.oldPassword, key),
        newPassword: await encryptPassword(plain.newPassword, key),
        confirmPassword: await encryptPassword(plain.confirmPassword, key),
      };
      return send(api.changePassword, { body });
    },
    invalidates: [SESSIONS],
    success: (text) => String(text),
  });
}
