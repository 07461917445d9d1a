import { contractsApi as api, type Contract, type ContractVerification, type QueryInput } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '../../lib/api-client.ts';

// The contract list: each hook names its operation in the contract (contractsApi,
// packages/domain/src/contract/contracts.ts). Signing and the PDF link are in lib/signing.tsx,
// shared by every page that has a contract to sign.

export type { Contract, ContractVerification };
export type ContractFilters = Partial<Pick<QueryInput<typeof api.list>, 'keyword' | 'type' | 'status'>>;

export function useContracts(filters: ContractFilters, paging: { page: number; size: number }) {
  return useQuery({ ...queryOf(api.list, { query: { ...filters, ...paging } }), placeholderData: keepPreviousData });
}

export const useContractStats = () => useQuery(queryOf(api.stats));

/** The kinds of contract the server's areas registered: the list's type filter. They change only with a release. */
export function useContractKinds() {
  const kinds = useQuery({ ...queryOf(api.kinds), staleTime: Infinity });
  return (kinds.data ?? []).map(({ code, label }) => ({ value: code, label }));
}

/**
 * The verification view: the server re-reads the stored original and signed version, recomputes
 * their SHA-256 and compares them with the record. Asked each time the detail opens (never cached:
 * the point is to look at the files as they are now).
 */
export function useContractVerification(id: number | null) {
  return useQuery({ ...queryOf(api.verification, { params: { id: id! } }), enabled: id !== null, gcTime: 0, staleTime: 0 });
}
