import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, request, unwrap, type Envelope, type Paged } from '../../lib/request.ts';
import { encryptPassword } from '../../lib/rsa.ts';
import { fetchCurrentUser } from '../../lib/session.ts';

export type ContractType = 'FACTORING_AGREEMENT' | 'FINANCING' | 'PLEDGE' | 'MARGIN' | 'CLOUD_LOAN';
export type ContractStatus = 'TO_SIGN' | 'SIGNED' | 'EXPIRED' | 'VOID';

/** A contract as `/api/contracts` answers it (amounts in cents, instants as ISO strings). */
export interface Contract {
  id: number;
  contractNo: string;
  enterpriseId: number;
  enterpriseName: string;
  type: ContractType;
  typeLabel: string;
  title: string;
  relatedType: string;
  relatedId: string;
  relatedNo: string | null;
  relatedLabel: string;
  counterparty: string;
  amount: number;
  status: ContractStatus;
  statusLabel: string;
  createdAt: string;
  effectiveDate: string | null;
  expiryDate: string | null;
  fileName: string;
  fileSize: number;
  fileSha256: string;
  signedByName: string | null;
  signedAt: string | null;
  signerIp: string | null;
  signedSha256: string | null;
}

export interface ContractFilters {
  keyword?: string;
  type?: ContractType;
  status?: ContractStatus;
}

export interface ContractStats {
  toSign: number;
  signed: number;
  expired: number;
  void: number;
  total: number;
}

export const CONTRACTS_KEY = ['contracts'] as const;

export function useContracts(filters: ContractFilters, paging: { page: number; size: number }) {
  return useQuery({
    queryKey: [...CONTRACTS_KEY, 'list', filters, paging],
    queryFn: async ({ signal }): Promise<Paged<Contract>> => unwrap(await request<Paged<Contract>>('/contracts', { data: { ...filters, ...paging }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useContractStats() {
  return useQuery({ queryKey: [...CONTRACTS_KEY, 'stats'], queryFn: () => request<ContractStats>('/contracts/stats').then(unwrap) });
}

/** The PDF: inline for viewing, or as an attachment (`?download=1`). */
export const contractFileUrl = (id: number, download = false) => apiUrl(`/contracts/${id}/file${download ? '?download=1' : ''}`);

/**
 * Signs with the login password, RSA-encrypted with the key of `/api/user/current` like the login.
 * Resolves with the envelope: an ERROR answer (wrong password, already signed…) is for the form to show.
 */
export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, password }: { id: number; password: string }): Promise<Envelope<Contract | string>> => {
      const { exponent, modulus } = await fetchCurrentUser();
      const encrypted = await encryptPassword(password, { exponent, modulus });
      return request<Contract | string>(`/contracts/${id}/sign`, { method: 'POST', data: { password: encrypted } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTRACTS_KEY }),
  });
}
