// The open pages' calls (/version, /sys/embed): zod stays out of them, so they name their
// endpoints through the light records of lib/public-api.ts. The account settings' calls, which
// need a login, are in account-api.ts.
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '../../lib/api-client.ts';
import { publicApi } from '../../lib/public-api.ts';

export function useEmbed(index: string) {
  return useQuery({ ...queryOf(publicApi.embed, { params: { index } }), retry: false });
}

/** SPEC §7: `GET /system/version`. */
export const useServerVersion = () => useQuery(queryOf(publicApi.version));
