import type { Contract, contractCountsSchema, contractListQuery } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, unwrap, type Paged } from '../../lib/request.ts';

// The contract list (server module `contracts`). Signing and the PDF link are in lib/signing.tsx,
// shared by every page that has a contract to sign.

export type { Contract };
export type ContractFilters = Partial<Pick<z.input<typeof contractListQuery>, 'keyword' | 'type' | 'status'>>;
type ContractStats = z.input<typeof contractCountsSchema>;

const CONTRACTS_KEY = ['contracts'] as const;

export function useContracts(filters: ContractFilters, paging: { page: number; size: number }) {
  return useQuery({
    queryKey: [...CONTRACTS_KEY, 'list', filters, paging],
    queryFn: async ({ signal }): Promise<Paged<Contract>> =>
      unwrap(await request<Paged<Contract>>('/contracts', { data: { ...filters, ...paging }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useContractStats() {
  return useQuery({ queryKey: [...CONTRACTS_KEY, 'stats'], queryFn: () => request<ContractStats>('/contracts/stats').then(unwrap) });
}
