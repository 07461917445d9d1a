import type { z } from 'zod';
import type {
  goodsPriceListSchema,
  goodsPricePreviewSchema,
  goodsPriceSubmittedSchema,
  pledgeFinancingDetailSchema,
  pledgeFinancingSchema,
  pledgePlatformSchema,
  pledgeReleaseOrderDeskSchema,
  pledgeStockSchema,
  pledgeTrialSchema,
  PledgeApplyInput,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { postConfirmed, type Confirmation, type Keyed } from '../../lib/confirm.ts';
import { request, unwrap, type Paged } from '../../lib/request.ts';

// The goods-pledge calls (server module `pledge`); types from packages/domain/src/contract/pledge.ts.

export type PledgePlatform = z.input<typeof pledgePlatformSchema>;
export type PledgeStock = z.input<typeof pledgeStockSchema>;
export type PledgeTrial = z.input<typeof pledgeTrialSchema>;
export type PledgeFinancing = z.input<typeof pledgeFinancingSchema>;
export type PledgeFinancingDetail = z.input<typeof pledgeFinancingDetailSchema>;
export type GoodsPriceRow = z.input<typeof goodsPriceListSchema>[number];
export type PledgeLine = { positionId: number; quantity: string } | { receiptId: number };

const KEY = ['pledge'] as const;
const REFRESH = [KEY, ['funds'], ['dashboard'], ['warehouse']] as const;
const get = <T>(url: string, data?: object) => request<T>(url, { data: data as Record<string, unknown> | undefined }).then(unwrap);
const post = <T>(url: string, data: object) => request<T>(url, { method: 'POST', json: true, data: data as Record<string, unknown> });

export const usePlatforms = () => useQuery({ queryKey: [...KEY, 'platforms'], queryFn: () => get<PledgePlatform[]>('/pledge/platforms') });
export const useStock = (warehouseId?: number) =>
  useQuery({
    queryKey: [...KEY, 'stock', warehouseId],
    queryFn: () => get<PledgeStock[]>('/pledge/stock', warehouseId ? { warehouseId } : {}),
  });

/** The live trial; waits while the form is incomplete. */
export function useTrial(input: { creditLineId: number; lines: PledgeLine[]; amount: number; termDays: number } | null) {
  return useQuery({
    queryKey: [...KEY, 'trial', input],
    queryFn: () =>
      request<PledgeTrial>('/pledge/trial', { method: 'POST', json: true, data: input as unknown as Record<string, unknown> }).then(unwrap),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useFinancings(q: { page: number; size: number; status?: string }) {
  return useQuery({
    queryKey: [...KEY, 'financings', q],
    queryFn: () => get<Paged<PledgeFinancing>>('/pledge/financings', q),
    placeholderData: keepPreviousData,
  });
}
export function useFinancing(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'financing', id],
    queryFn: () => get<PledgeFinancingDetail>(`/pledge/financings/${id}`),
    enabled: id !== null,
  });
}

export const useApply = () =>
  useAction<Keyed<PledgeApplyInput>, { id: number; financingNo: string; status: string; margin: number; netAmount: number }>({
    call: (body) => post('/pledge/financings', body),
    invalidates: REFRESH,
  });
export const useCancel = () =>
  useAction<number, { id: number; status: string }>({
    call: (id) => post(`/pledge/financings/${id}/cancel`, {}),
    invalidates: REFRESH,
    success: '已取消申请',
  });

type MoneyResult = { id: number; status: string; amount: number; refNo: string | null };
export const usePayMargin = () =>
  useAction<{ id: number } & Confirmation, MoneyResult>({
    call: ({ id, ...c }) => postConfirmed(`/pledge/financings/${id}/margin`, {}, c),
    invalidates: REFRESH,
  });
export const useTopUp = () =>
  useAction<{ id: number } & Confirmation, MoneyResult>({
    call: ({ id, ...c }) => postConfirmed(`/pledge/financings/${id}/top-up`, {}, c),
    invalidates: REFRESH,
  });
export const useRepay = () =>
  useAction<{ id: number; amount: number } & Confirmation, MoneyResult & { principal: number; outstanding: number; releasable: string }>({
    call: ({ id, amount, ...c }) => postConfirmed(`/pledge/financings/${id}/repay`, { amount }, c),
    invalidates: REFRESH,
  });
export const useRedeem = () =>
  useAction<
    {
      id: number;
      items: { itemId: number; quantity: string }[];
      receiver: { kind: 'SIGNER' | 'CUSTOMER'; id: number };
      idempotencyKey: string;
    },
    { releaseOrders: { orderNo: string; quantity: string }[]; releasableAfter: string }
  >({
    call: ({ id, ...body }) => post(`/pledge/financings/${id}/redeem`, body),
    invalidates: REFRESH,
  });

// Operators ------------------------------------------------------------------------------------
export type DeskReleaseOrder = z.input<typeof pledgeReleaseOrderDeskSchema>['items'][number];
/** The operators' desk of release orders: every enterprise's, newest first. */
export function useReleaseOrderDesk(q: { page: number; size: number; status?: string }) {
  return useQuery({
    queryKey: [...KEY, 'release-order-desk', q],
    queryFn: () => get<Paged<DeskReleaseOrder>>('/bpm/pledge/release-orders', q),
    placeholderData: keepPreviousData,
  });
}
export const usePrices = () => useQuery({ queryKey: [...KEY, 'prices'], queryFn: () => get<GoodsPriceRow[]>('/bpm/pledge/prices') });
export type GoodsPricePreview = z.input<typeof goodsPricePreviewSchema>;
export type GoodsPriceSubmitted = z.input<typeof goodsPriceSubmittedSchema>;
/** What a new price would do (which financings it pushes past a line, the margin calls); changes nothing. Waits for an input. */
export const usePricePreview = (q: { goodsId: number; unitPrice: number } | null) =>
  useQuery({
    queryKey: [...KEY, 'price-preview', q],
    queryFn: () => get<GoodsPricePreview>('/bpm/pledge/prices/preview', q!),
    enabled: q !== null,
    staleTime: 0,
    retry: false,
  });
/** Enters a price for a second operator's review (质押货物价格复核); one idempotency key per confirmation. */
export const useRecordPrice = () =>
  useAction<{ goodsId: number; unitPrice: number; priceDate: string; source: string; idempotencyKey: string }, GoodsPriceSubmitted>({
    call: (body) =>
      request<GoodsPriceSubmitted>('/bpm/pledge/prices', {
        method: 'POST',
        json: true,
        data: body,
        headers: { 'Idempotency-Key': body.idempotencyKey },
      }),
    invalidates: [KEY, ['bpm']],
  });
