import { contentApi, systemApi } from '@factoring/domain/contract';
// The open pages' calls (/version, /sys/embed). The account settings' calls, which need a login,
// are in account-api.ts.
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '../../lib/api-client.ts';

export function useEmbed(index: string) {
  return useQuery({ ...queryOf(contentApi.embed, { params: { index } }), retry: false });
}

/** SPEC §7: `GET /system/version`. */
export const useServerVersion = () => useQuery(queryOf(systemApi.version));
