import {
  backupApi,
  bankStatementApi,
  bpmApi,
  certificationApi,
  contractsApi,
  creditApi,
  fundsApi,
  riskApi,
} from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '../../lib/api-client.ts';

// The home page reads other areas' answers through their endpoints of the contract. The cache keys
// are those areas' own, so a change in an area refreshes its card here too.

const card = { retry: false } as const;

/** One query per card, so a card whose area is unavailable (e.g. no account yet) fails alone. */
export const useAccountBalance = (enabled: boolean) => useQuery({ ...queryOf(fundsApi.balance), enabled, ...card });
/**
 * Every credit line of the enterprise, whatever its product, for the credit card
 * (issue 24). Asked afresh on every visit: the lending areas' changes do not refresh the credit key.
 */
export const useCreditLines = (enabled: boolean) => useQuery({ ...queryOf(creditApi.myLines), enabled, staleTime: 0, ...card });
export const useContractStats = (enabled: boolean) => useQuery({ ...queryOf(contractsApi.stats), enabled, ...card });
export const useLatestAuthentication = (enabled: boolean) =>
  useQuery({ ...queryOf(certificationApi.list, { query: { page: 1, size: 1 } }), enabled, ...card });

/** The operator's home: pending queues by type, the oldest waiting task, today's disbursements and pay-outs. */
export const useOperatorOverview = (enabled: boolean) => useQuery({ ...queryOf(bpmApi.overview), enabled, ...card });

/** The operator's home: the last successful backup (time, size) and the daily backup's schedule (issue 25). */
export const useBackupStatus = (enabled: boolean) => useQuery({ ...queryOf(backupApi.latest), enabled, ...card });

/** The operator's home: the bank statement's exceptions, days that do not reconcile and pay-outs to send (issue 26). */
export const useBankSummary = (enabled: boolean) => useQuery({ ...queryOf(bankStatementApi.summary), enabled, ...card });

/** The operator's home: the supervisory ratios of the factor's book against their limits (issue 27). */
export const useRiskRatios = (enabled: boolean) => useQuery({ ...queryOf(riskApi.ratios), enabled, ...card });
