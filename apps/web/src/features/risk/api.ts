import { riskApi as api, type AnswerOf, type BodyInput, type QueryInput } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, queryOf, send } from '../../lib/api-client.ts';
import type { Keyed } from '../../lib/confirm.ts';

// The risk desk's calls (issue 27): each hook names its operation in the contract (riskApi,
// packages/domain/src/contract/risk.ts). Operators only; two writes: the limits, and booking the reserve.

export type Exposure = AnswerOf<typeof api.exposure>;
export type ExposureRow = Exposure['byProduct'][number];
export type RiskFinancing = AnswerOf<typeof api.exposureFinancings>[number];
export type Aging = AnswerOf<typeof api.aging>;
export type AgingRow = Aging['byProduct'][number];
export type Collateral = AnswerOf<typeof api.collateral>;
export type DrillDown = QueryInput<typeof api.exposureFinancings>;
export type Ratios = AnswerOf<typeof api.ratios>;
export type RatioCheck = Ratios['checks'][number];
export type LimitsAnswer = AnswerOf<typeof api.limits>;
export type LimitsInput = BodyInput<typeof api.saveLimits>;
export type Trends = AnswerOf<typeof api.trends>;
export type ReserveLine = Aging['reserveByBucket'][number];
export type BookReserveInput = Keyed<BodyInput<typeof api.bookReserve>>;
export type BookReserveAnswer = AnswerOf<typeof api.bookReserve>;

export const useExposure = () => useQuery(queryOf(api.exposure));
export const useAging = () => useQuery(queryOf(api.aging));
export const useCollateral = () => useQuery(queryOf(api.collateral));
export const useRatios = () => useQuery(queryOf(api.ratios));
export const useRiskLimits = () => useQuery(queryOf(api.limits));
export const useTrends = () => useQuery(queryOf(api.trends));
export function useExposureFinancings(q: DrillDown | null) {
  return useQuery({ ...queryOf(api.exposureFinancings, { query: q! }), enabled: q !== null });
}

/** Proposes new limits (four eyes): they take effect when another operator approves the task. */
export function useSaveRiskLimits() {
  return useAction({
    call: (input: LimitsInput) => send(api.saveLimits, { body: input }),
    invalidates: [areaKey(api.limits)],
    success: '已提交复核，另一位操作员批准后生效',
  });
}

/** Books the risk reserve up (计提) or down (转回) to what the screen showed; the desk is read again after. */
export function useBookReserve() {
  return useAction({
    call: (input: BookReserveInput) => send(api.bookReserve, { body: input }, { headers: { 'Idempotency-Key': input.idempotencyKey } }),
    invalidates: [areaKey(api.aging)],
    success: (answer: BookReserveAnswer) => answer.words,
  });
}
