import { riskApi as api, type AnswerOf, type QueryInput } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '../../lib/api-client.ts';

// The risk desk's calls (issue 27): each hook names its operation in the contract (riskApi,
// packages/domain/src/contract/risk.ts). All read-only, operators only.

export type Exposure = AnswerOf<typeof api.exposure>;
export type ExposureRow = Exposure['byProduct'][number];
export type RiskFinancing = AnswerOf<typeof api.exposureFinancings>[number];
export type Aging = AnswerOf<typeof api.aging>;
export type AgingRow = Aging['byProduct'][number];
export type Collateral = AnswerOf<typeof api.collateral>;
export type DrillDown = QueryInput<typeof api.exposureFinancings>;

export const useExposure = () => useQuery(queryOf(api.exposure));
export const useAging = () => useQuery(queryOf(api.aging));
export const useCollateral = () => useQuery(queryOf(api.collateral));
export function useExposureFinancings(q: DrillDown | null) {
  return useQuery({ ...queryOf(api.exposureFinancings, { query: q! }), enabled: q !== null });
}
