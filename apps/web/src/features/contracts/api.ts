import type { Contract, ContractVerification, contractCountsSchema, contractListQuery } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, unwrap, type Paged } from '../../lib/request.ts';

// The contract list (server module `contracts`). Signing and the PDF link are in lib/signing.tsx,
// shared by every page that has a contract to sign.

export type { Contract, ContractVerification };
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

/**
 * The verification view: the server re-reads the stored original and signed version, recomputes
 * their SHA-256 and compares them with the record. Asked each time the detail opens (never cached:
 * the point is to look at the files as they are now).
 */
export function useContractVerification(id: number | null) {
  return useQuery({
    queryKey: [...CONTRACTS_KEY, 'verification', id],
    queryFn: ({ signal }) => request<ContractVerification>(`/contracts/${id}/verification`, { signal }).then(unwrap),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
  });
}
