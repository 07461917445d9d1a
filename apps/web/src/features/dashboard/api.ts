import type { AuthenticationStatus } from '@factoring/domain';
import type {
  accountBalanceSchema,
  backupStatusSchema,
  creditLineSchema,
  operatorOverviewSchema,
  supplyLoanSummarySchema,
} from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, unwrap, type Paged } from '../../lib/request.ts';

// The dashboard reads other areas' answers; their types come from the contract (packages/domain/src/contract).
type AccountBalance = z.input<typeof accountBalanceSchema>;
type CreditLine = z.input<typeof creditLineSchema>;
type LoanSummary = z.input<typeof supplyLoanSummarySchema>;

const get = <T>(url: string, data?: Record<string, unknown>) => request<T>(url, { data }).then(unwrap);

/** One query per card, so a card whose area is unavailable (e.g. no account yet) fails alone. */
export const useAccountBalance = (enabled: boolean) =>
  useQuery({
    queryKey: ['dashboard', 'balance'],
    queryFn: () => get<AccountBalance>('/account/v2/queryAccountBalance'),
    enabled,
    retry: false,
  });
export const useCreditLines = (enabled: boolean) =>
  useQuery({ queryKey: ['dashboard', 'creditLines'], queryFn: () => get<CreditLine[]>('/supplyloan/creditLines'), enabled, retry: false });
export const useLoanSummary = (enabled: boolean) =>
  useQuery({ queryKey: ['dashboard', 'loanSummary'], queryFn: () => get<LoanSummary>('/supplyloan/summary'), enabled, retry: false });
export const useContractStats = (enabled: boolean) =>
  useQuery({ queryKey: ['dashboard', 'contracts'], queryFn: () => get<{ toSign: number }>('/contracts/stats'), enabled, retry: false });
export const useLatestAuthentication = (enabled: boolean) =>
  useQuery({
    queryKey: ['dashboard', 'authentication'],
    queryFn: () => get<Paged<{ status: AuthenticationStatus; rejectReason?: string | null }>>('/authentication/list', { page: 1, size: 1 }),
    enabled,
    retry: false,
  });

type OperatorOverview = z.input<typeof operatorOverviewSchema>;
/** The operator's home: pending queues by type, the oldest waiting task, today's disbursements and pay-outs. */
export const useOperatorOverview = (enabled: boolean) =>
  useQuery({ queryKey: ['dashboard', 'operator'], queryFn: () => get<OperatorOverview>('/bpm/overview'), enabled, retry: false });

type BackupStatus = z.input<typeof backupStatusSchema>;
/** The operator's home: the last successful backup (time, size) and the daily backup's schedule (issue 25). */
// The path of the contract's `backupApi.latest`, written out: a value import of the contract would bring zod into this page.
export const useBackupStatus = (enabled: boolean) =>
  useQuery({ queryKey: ['dashboard', 'backup'], queryFn: () => get<BackupStatus>('/bpm/backups/latest'), enabled, retry: false });
