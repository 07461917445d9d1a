import { factoringMoneyApi as api, type AnswerOf } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '../../lib/api-client.ts';

// Factoring money (issue 36), the debtor's side: one operation of the contract (factoringMoneyApi.debtorOwed,
// packages/domain/src/contract/factoring-money.ts) — what the debtor's enterprise owes on receivables assigned to a
// factor, to whom, and the reference to quote when paying.

export type DebtorOwedRow = AnswerOf<typeof api.debtorOwed>[number];

/** The query of the debtor's dues (no input: the logged-in enterprise's). */
export const debtorOwedQuery = () => queryOf(api.debtorOwed);

/** Loaded when its tab is shown (`enabled`). */
export function useDebtorOwed(enabled = true) {
  return useQuery({ ...debtorOwedQuery(), enabled });
}
