import { factoringMoneyApi as api, type AnswerOf } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '../../lib/api-client.ts';

// Factoring money (issue 36), the operator's desk: one operation of the contract (factoringMoneyApi.factoringDesk,
// packages/domain/src/contract/factoring-money.ts) — the financings past due and the latest collections.

export type FactoringDesk = AnswerOf<typeof api.factoringDesk>;
export type ShortfallRow = FactoringDesk['shortfalls'][number];
export type DeskCollectionRow = FactoringDesk['collections'][number];

/** The query of the desk (no input). */
export const factoringDeskQuery = () => queryOf(api.factoringDesk);

/** Loaded once its tab is open (`active`), like the back office's other desks. */
export function useFactoringDesk(active: boolean) {
  return useQuery({ ...factoringDeskQuery(), enabled: active });
}
