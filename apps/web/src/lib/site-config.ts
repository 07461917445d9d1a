import { systemApi, type AnswerOf } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from './api-client.ts';

export type { BankAccount } from '@factoring/domain/contract';
export type SiteConfig = AnswerOf<typeof systemApi.initConfig>;

export function useSiteConfig() {
  return useQuery({ ...queryOf(systemApi.initConfig), staleTime: 5 * 60_000 });
}
