import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, unwrap, type Envelope } from '../../lib/request.ts';
import { encryptPassword } from '../../lib/rsa.ts';
import { fetchCurrentUser } from '../../lib/session.ts';

export interface MySession {
  id: string;
  current: boolean;
  device: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  endedAt: string | null;
  endReason: 'LOGOUT' | 'REPLACED' | 'PASSWORD_CHANGED' | 'EXPIRED' | 'REVOKED' | null;
}

export interface Embed {
  index: number;
  title: string;
  url: string;
}

const SESSIONS_KEY = ['account', 'sessions'] as const;

export function useMySessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: () => request<{ active: MySession[]; recent: MySession[] }>('/account/sessions').then(unwrap) });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<string>('/account/sessions/revoke', { method: 'POST', data: { id } }).then(unwrap),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** Old and new password, each RSA-encrypted like the login (SPEC §7 `updateLoginPwd`, form). */
export async function changePassword(plain: { oldPassword: string; newPassword: string; confirmPassword: string }) {
  const key = await fetchCurrentUser();
  const data = {
    oldPassword: await encryptPassword(plain.oldPassword, key),
    newPassword: await encryptPassword(plain.newPassword, key),
    confirmPassword: await encryptPassword(plain.confirmPassword, key),
  };
  return request<string>('/merchantuser/updateLoginPwd', { method: 'POST', data }) as Promise<Envelope<string> & { field?: string }>;
}

export function useEmbed(index: string) {
  return useQuery({ queryKey: ['content', 'embed', index], queryFn: () => request<Embed>(`/content/embed/${encodeURIComponent(index)}`).then(unwrap), retry: false });
}
