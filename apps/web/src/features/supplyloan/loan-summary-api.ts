import { supplyLoanApi as api } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '../../lib/api-client.ts';

// The supply loan's home-page summary: one operation of the contract (supplyLoanApi.summary,
// packages/domain/src/contract/supplyloan/) — what falls due within 7 days and what is overdue.

/** Asked once the enterprise is certified; a card whose area is unavailable fails alone (no retry). */
export const useLoanSummary = (enabled: boolean) => useQuery({ ...queryOf(api.summary), enabled, retry: false });
