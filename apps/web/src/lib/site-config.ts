import { useQuery } from '@tanstack/react-query';
import { request, unwrap } from './request.ts';

export interface BankAccount {
  accountName: string;
  bankBranchName: string;
  accountNo: string;
}

/** `/initcfg`: the site configuration of SPEC §3. */
export interface SiteConfig {
  factoringAccount: BankAccount;
  secondAccount: BankAccount;
  virtualAccountBankName: string;
  fees: { withdraw: number; inTransfer: number };
  contactPhone: string;
  address: string;
  companyIntro: string;
  embeds: { index: number; title: string }[];
}

export function useSiteConfig() {
  return useQuery({ queryKey: ['initcfg'], queryFn: () => request<SiteConfig>('/initcfg').then(unwrap), staleTime: 5 * 60_000 });
}
