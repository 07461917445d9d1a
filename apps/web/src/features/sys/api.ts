// Type-only imports of the contract: /version and /sys/embed are open pages, and zod stays out of them.
import type { embedSchema, mySessionsSchema, versionSchema } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAction } from '../../lib/action.ts';
import { request, unwrap } from '../../lib/request.ts';
import { encryptPassword } from '../../lib/rsa.ts';
import { fetchCurrentUser } from '../../lib/session.ts';

type MySessions = z.input<typeof mySessionsSchema>;
export type MySession = MySessions['active'][number];
type Embed = z.input<typeof embedSchema>;

const SESSIONS_KEY = ['account', 'sessions'] as const;

export function useMySessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => request<MySessions>('/account/sessions').then(unwrap),
  });
}

export function useRevokeSession() {
  return useAction({
    call: (id: string) => request<string>('/account/sessions/revoke', { method: 'POST', data: { id } }),
    invalidates: [SESSIONS_KEY],
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
      const data = {
        oldPassword: await encryptPassword(plain.oldPassword, key),
        newPassword: await encryptPassword(plain.newPassword, key),
        confirmPassword: await encryptPassword(plain.confirmPassword, key),
      };
      return request<string>('/merchantuser/updateLoginPwd', { method: 'POST', data });
    },
    invalidates: [SESSIONS_KEY],
    success: (text) => String(text),
  });
}

export function useEmbed(index: string) {
  return useQuery({
    queryKey: ['content', 'embed', index],
    queryFn: () => request<Embed>(`/content/embed/${encodeURIComponent(index)}`).then(unwrap),
    retry: false,
  });
}

type ServerVersion = z.input<typeof versionSchema>;

/** SPEC §7: `GET /system/version`. */
export function useServerVersion() {
  return useQuery({ queryKey: ['system', 'version'], queryFn: () => request<ServerVersion>('/system/version').then(unwrap) });
}
