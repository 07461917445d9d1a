import { factoringMoneyApi as api, type AnswerOf } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '../../lib/api-client.ts';

// Factoring money (issue 36), the supplier's side: one operation of the contract (factoringMoneyApi.financingCollection,
// packages/domain/src/contract/factoring-money.ts) — the collection of its own factored invoice financing.

export type FinancingCollection = AnswerOf<typeof api.financingCollection>;
export type CollectionRow = FinancingCollection['collections'][number];

/** The query of one financing's collection: recourse, grace, the debtor's payments, the settlement and rebate. */
export const financingCollectionQuery = (id: number) => queryOf(api.financingCollection, { params: { id } });

/** Asked only for an invoice financing (`enabled`): an order financing has no debtor to collect from. */
export function useFinancingCollection(id: number | null, enabled = true) {
  return useQuery({ ...financingCollectionQuery(id ?? 0), enabled: enabled && id !== null });
}
