import { authApi, cloudLoanApi } from '@factoring/domain/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { send } from '../../lib/api-client.ts';
import { encryptLoginPassword } from '../../lib/confirm.ts';
import { writeLocal } from '../../lib/storage.ts';

const LOGIN_TYPE = 'PASSWORD';
const ALREADY_ONLINE = 'AlreadyOnLine';

type LoginResult = { ok: true; alreadyOnline: boolean } | { ok: false; message: string; code?: string };

/** SPEC §4 login: encrypt with the server's RSA key, post the form, then refresh user and menus. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useCallback(
    async (username: string, password: string, fromMask: boolean): Promise<LoginResult> => {
      const encrypted = await encryptLoginPassword(password);
      const res = await send(authApi.login, {
        body: { username, password: encrypted, loginType: LOGIN_TYPE, maskLoginVisible: String(fromMask) },
      });
      const alreadyOnline = res.message === ALREADY_ONLINE;
      if (res.status !== 'OK' && !alreadyOnline) return { ok: false, message: String(res.message), code: res.code };
      writeLocal('loginName', username);
      // SPEC §4: the further check call after a successful login (cloud-loan eligibility feeds the menu).
      await send(cloudLoanApi.allowed).catch(() => undefined);
      await queryClient.invalidateQueries();
      return { ok: true, alreadyOnline };
    },
    [queryClient],
  );
}
