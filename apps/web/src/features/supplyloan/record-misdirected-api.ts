import { factoringMoneyApi as api, type AnswerOf, type BodyInput } from '@factoring/domain/contract';
import { useAction } from '../../lib/action.ts';
import { areaKey, send } from '../../lib/api-client.ts';
import type { Keyed } from '../../lib/confirm.ts';

// Factoring money (issue 36): one operation of the contract (factoringMoneyApi.recordMisdirected,
// packages/domain/src/contract/factoring-money.ts) — an operator records a debtor payment that reached the supplier;
// a second operator approves the task in the inbox, which makes the supplier's account pay it over.

export type MisdirectedInput = Keyed<BodyInput<typeof api.recordMisdirected>> & { financingId: number };
export type MisdirectedRecorded = AnswerOf<typeof api.recordMisdirected>;

/** Refreshes the factoring desk and collections (`['保理回款']`), the financings and the task inbox. */
const REFRESH = [areaKey(api.factoringDesk), ['supplyloan'], ['bpm']] as const;

export function useRecordMisdirected() {
  return useAction({
    call: ({ financingId, ...body }: MisdirectedInput) =>
      send(api.recordMisdirected, { params: { id: financingId }, body }, { headers: { 'Idempotency-Key': body.idempotencyKey } }),
    invalidates: REFRESH,
  });
}
