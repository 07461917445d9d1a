import { useQuery } from '@tanstack/react-query';
import type { InitConfig } from '@factoring/domain';
import { request, unwrap } from './request.ts';

export type { BankAccount } from '@factoring/domain';
export type SiteConfig = InitConfig;

export function useSiteConfig() {
  return useQuery({ queryKey: ['initcfg'], queryFn: () => request<SiteConfig>('/initcfg').then(unwrap), staleTime: 5 * 60_000 });
}
