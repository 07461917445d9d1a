import type { AnswerOf } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from './api-client.ts';
import { publicApi } from './public-api.ts';

export type { BankAccount } from '@factoring/domain/contract';
export type SiteConfig = AnswerOf<typeof publicApi.initConfig>;

export function useSiteConfig() {
  return useQuery({ ...queryOf(publicApi.initConfig), staleTime: 5 * 60_000 });
}
