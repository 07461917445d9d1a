import { pledgeApi as api, type AnswerOf, type BodyInput, type ParamsInput, type QueryInput } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, queryOf, send, sendConfirmed } from '../../lib/api-client.ts';
import type { Confirmation, Keyed } from '../../lib/confirm.ts';

// The goods-pledge calls: each hook names its operation in the contract (pledgeApi,
// packages/domain/src/contract/pledge.ts), which fixes its path, input and answer.

export type PledgePlatform = AnswerOf<typeof api.platforms>[number];
export type PledgeStock = AnswerOf<typeof api.stock>[number];
export type PledgeTrial = AnswerOf<typeof api.trial>;
export type PledgeFinancing = AnswerOf<typeof api.financings>['items'][number];
export type PledgeFinancingDetail = AnswerOf<typeof api.financing>;
export type GoodsPriceRow = AnswerOf<typeof api.prices>[number];
export type GoodsPricePreview = AnswerOf<typeof api.pricePreview>;
export type GoodsPriceSubmitted = AnswerOf<typeof api.recordPrice>;
export type DeskReleaseOrder = AnswerOf<typeof api.releaseOrderDesk>['items'][number];
/** One pledged line: a quantity of an own stock position, or a whole own live receipt. */
export type PledgeLine = BodyInput<typeof api.trial>['lines'][number];
/** Who takes delivery of redeemed goods: an active designated signer or downstream customer. */
export type Receiver = BodyInput<typeof api.redeem>['receiver'];
export type { PledgeReleaseOrderDeskQuery } from '@factoring/domain/contract';

/** The pledge area's cache key: every pledge query (financings, payments, delivery parties) is under it. */
export const PLEDGE_KEY = areaKey(api.platforms);
const REFRESH = [PLEDGE_KEY, ['funds'], ['dashboard'], ['warehouse']] as const;
type Financing = ParamsInput<typeof api.financing>;

export const usePlatforms = () => useQuery(queryOf(api.platforms));
export const useStock = (warehouseId?: number) => useQuery(queryOf(api.stock, { query: warehouseId ? { warehouseId } : {} }));

/** The live trial; waits while the form is incomplete. */
export function useTrial(input: BodyInput<typeof api.trial> | null) {
  return useQuery({
    ...queryOf(api.trial, { body: input! }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useFinancings(q: QueryInput<typeof api.financings>) {
  return useQuery({ ...queryOf(api.financings, { query: q }), placeholderData: keepPreviousData });
}
export function useFinancing(id: number | null) {
  return useQuery({ ...queryOf(api.financing, { params: { id: id! } }), enabled: id !== null });
}

export const useApply = () =>
  useAction({
    call: (body: Keyed<BodyInput<typeof api.apply>>) => send(api.apply, { body }),
    invalidates: REFRESH,
  });
export const useCancel = () =>
  useAction({
    call: (id: number) => send(api.cancel, { params: { id } }),
    invalidates: REFRESH,
    success: '已取消申请',
  });

export const usePayMargin = () =>
  useAction({
    call: ({ id, ...c }: Financing & Confirmation) => sendConfirmed(api.payMargin, { params: { id }, body: {} }, c),
    invalidates: REFRESH,
  });
export const useTopUp = () =>
  useAction({
    call: ({ id, ...c }: Financing & Confirmation) => sendConfirmed(api.topUp, { params: { id }, body: {} }, c),
    invalidates: REFRESH,
  });
export const useRepay = () =>
  useAction({
    call: ({ id, amount, ...c }: Financing & Pick<BodyInput<typeof api.repay>, 'amount'> & Confirmation) =>
      sendConfirmed(api.repay, { params: { id }, body: { amount } }, c),
    invalidates: REFRESH,
  });
/** A redemption: goods, not money — no password, one idempotency key per submission. */
export const useRedeem = () =>
  useAction({
    call: ({ id, ...body }: Financing & Keyed<BodyInput<typeof api.redeem>>) => send(api.redeem, { params: { id }, body }),
    invalidates: REFRESH,
  });

// Operators ------------------------------------------------------------------------------------
/** The operators' desk of release orders: every enterprise's, newest first. */
export function useReleaseOrderDesk(q: QueryInput<typeof api.releaseOrderDesk>) {
  return useQuery({ ...queryOf(api.releaseOrderDesk, { query: q }), placeholderData: keepPreviousData });
}
export const usePrices = () => useQuery(queryOf(api.prices));
/** What a new price would do (which financings it pushes past a line, the margin calls); changes nothing. Waits for an input. */
export const usePricePreview = (q: QueryInput<typeof api.pricePreview> | null) =>
  useQuery({
    ...queryOf(api.pricePreview, { query: q! }),
    enabled: q !== null,
    staleTime: 0,
    retry: false,
  });
/** Enters a price for a second operator's review (质押货物价格复核); one idempotency key per confirmation. */
export const useRecordPrice = () =>
  useAction({
    call: (body: Keyed<BodyInput<typeof api.recordPrice>>) =>
      send(api.recordPrice, { body }, { headers: { 'Idempotency-Key': body.idempotencyKey } }),
    invalidates: [PLEDGE_KEY, ['bpm']],
  });
