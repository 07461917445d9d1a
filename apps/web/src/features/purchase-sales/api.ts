import type {
  catalogueItemSchema,
  counterpartySchema,
  FactorCollectionSubmitted,
  FinanceableOrder,
  featureLogSchema,
  featureUserSchema,
  OrderDetail,
  OrderInputBody,
  OrderRow,
  PaymentQuote,
  PaymentResult,
  PurchaseSalesOverview,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAction } from '../../lib/action.ts';
import { postConfirmed, type Confirmation, type Keyed } from '../../lib/confirm.ts';
import { request, unwrap, type Paged } from '../../lib/request.ts';

// The purchase/sales area's calls (server module `purchase-sales`); types from the contract in
// packages/domain/src/contract/purchase-sales.ts. Every mutation refreshes the whole area.

export type { FactorCollectionSubmitted, FinanceableOrder, OrderDetail, OrderRow, PaymentQuote, PaymentResult, PurchaseSalesOverview };
export type CatalogueItem = z.output<typeof catalogueItemSchema>;
export type Counterparty = z.output<typeof counterpartySchema>;
export type FeatureUser = z.output<typeof featureUserSchema>;
export type FeatureLog = z.output<typeof featureLogSchema>;

export const PS_KEY = ['purchase-sales'] as const;
const API = '/purchase-sales';

const get = <T>(url: string, data?: Record<string, unknown>, signal?: AbortSignal) => request<T>(url, { data, signal }).then(unwrap);
const post = <T>(url: string, data: Record<string, unknown> = {}) => request<T>(url, { method: 'POST', json: true, data });

export interface OrderFilters {
  kind?: 'PURCHASE' | 'SALES';
  status?: string;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
  payable?: '1';
}

export const useOverview = () =>
  useQuery({
    queryKey: [...PS_KEY, 'overview'],
    queryFn: ({ signal }) => get<PurchaseSalesOverview>(`${API}/overview`, undefined, signal),
  });

export function useOrders(filters: OrderFilters, paging: { page: number; size: number }) {
  return useQuery({
    queryKey: [...PS_KEY, 'orders', filters, paging],
    queryFn: ({ signal }) => get<Paged<OrderRow>>(`${API}/orders`, { ...filters, ...paging }, signal),
    placeholderData: keepPreviousData,
  });
}

export const fetchOrdersForExport = (filters: OrderFilters) => get<OrderRow[]>(`${API}/orders/export`, { ...filters });

export function useOrder(id: number | null) {
  return useQuery({
    queryKey: [...PS_KEY, 'order', id],
    queryFn: ({ signal }) => get<OrderDetail>(`${API}/orders/${id}`, undefined, signal),
    enabled: !!id,
  });
}

export function usePaymentQuote(id: number | null) {
  return useQuery({
    queryKey: [...PS_KEY, 'quote', id],
    queryFn: ({ signal }) => get<PaymentQuote>(`${API}/orders/${id}/payment-quote`, undefined, signal),
    enabled: !!id,
    retry: false,
  });
}

export const useCatalogue = () =>
  useQuery({ queryKey: [...PS_KEY, 'goods'], queryFn: ({ signal }) => get<CatalogueItem[]>(`${API}/goods`, undefined, signal) });

export function useCounterpartySearch(name: string) {
  return useQuery({
    queryKey: [...PS_KEY, 'counterparties', name],
    queryFn: ({ signal }) => get<Counterparty[]>(`${API}/counterparties`, { name }, signal),
    enabled: name.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useFinanceableOrders(creditLineId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...PS_KEY, 'financeable', creditLineId],
    queryFn: ({ signal }) => get<FinanceableOrder[]>(`${API}/financeable-orders`, { creditLineId }, signal),
    enabled: enabled && !!creditLineId,
  });
}

const invalidates = [PS_KEY] as const;

export const useSaveOrder = () =>
  useAction<{ id?: number; body: Keyed<OrderInputBody> }, { id: number; orderNo: string }>({
    call: ({ id, body }) => post(id ? `${API}/orders/${id}` : `${API}/orders`, body as unknown as Record<string, unknown>),
    invalidates,
  });

type StatusAnswer = { id: number; status: string; statusLabel: string };
export type OrderCommand = 'confirm' | 'accept' | 'return' | 'cancel' | 'close';

export const useOrderCommand = () =>
  useAction<{ id: number; command: OrderCommand; reason?: string }, StatusAnswer>({
    call: ({ id, command, reason }) => post(`${API}/orders/${id}/${command}`, reason ? { reason } : {}),
    invalidates,
    success: (r) => `订单状态：${r.statusLabel}`,
  });

export const useFulfil = () =>
  useAction<
    { id: number; lines: { lineId: number; quantity: string }[]; note?: string; idempotencyKey: string },
    StatusAnswer & { complete: boolean }
  >({
    call: ({ id, ...body }) => post(`${API}/orders/${id}/fulfil`, body),
    invalidates,
    success: (r) => (r.complete ? `已全部完成，订单状态：${r.statusLabel}` : '已登记本次数量'),
  });

export const useAttach = () =>
  useAction<{ id: number; uploadIds: number[] }, string>({
    call: ({ id, uploadIds }) => post(`${API}/orders/${id}/attachments`, { uploadIds }),
    invalidates,
    success: '附件已添加',
  });

export const useCollect = () =>
  useAction<{ id: number; amount: number; note?: string; idempotencyKey: string }, { outstanding: number; statusLabel: string }>({
    call: ({ id, ...body }) => post(`${API}/orders/${id}/collections`, body),
    invalidates,
    success: '回款已登记',
  });

export const useAddGoods = () =>
  useAction<{ name: string; spec?: string; unit: string; taxRatePpm: number; unitPrice?: number }, CatalogueItem>({
    call: (body) => post(`${API}/goods`, body),
    invalidates,
    success: '已加入商品目录',
  });

/** The targeted payment: the dialog supplies the password and its idempotency key; a refusal rejects. */
export const usePayOrder = () =>
  useAction<{ id: number; payeeId: number; amount: number; confirmation: Confirmation }, PaymentResult>({
    call: ({ id, confirmation, ...body }) => postConfirmed<PaymentResult>(`${API}/orders/${id}/pay`, body, confirmation),
    invalidates: [PS_KEY, ['funds']],
  });

// Operators -----------------------------------------------------------------------------------------

export function useFeatureUsers(keyword: string, paging: { page: number; size: number }) {
  return useQuery({
    queryKey: [...PS_KEY, 'feature-users', keyword, paging],
    queryFn: ({ signal }) => get<Paged<FeatureUser>>('/bpm/purchase-sales/users', { keyword: keyword || undefined, ...paging }, signal),
    placeholderData: keepPreviousData,
  });
}

export const useFeatureLog = () =>
  useQuery({
    queryKey: [...PS_KEY, 'feature-log'],
    queryFn: ({ signal }) => get<FeatureLog[]>('/bpm/purchase-sales/feature-log', undefined, signal),
  });

export const useSwitchFeature = () =>
  useAction<{ userId: number; enabled: boolean; reason: string }, { enabled: boolean }>({
    call: ({ userId, ...body }) => post(`/bpm/purchase-sales/users/${userId}/feature`, body),
    invalidates,
    success: (r) => (r.enabled ? '已开通购销管理，用户下次加载菜单时生效' : '已关闭购销管理'),
  });

export type OperatorOrder = {
  id: number;
  orderNo: string;
  status: string;
  statusLabel: string;
  sellerName: string;
  buyerName: string;
  totalAmount: number;
  paidAmount: number;
  outstanding: number;
  financing: { financingNo: string } | null;
};

export function useOperatorOrders(orderNo: string) {
  return useQuery({
    queryKey: [...PS_KEY, 'operator-orders', orderNo],
    queryFn: ({ signal }) => get<OperatorOrder[]>('/bpm/purchase-sales/orders', { orderNo }, signal),
    enabled: orderNo.trim().length >= 4,
  });
}

/**
 * Operator: records the buyer's payment that reached the factor. Recorded is not credited: a
 * 购销回款入账复核 task waits in the inbox for another operator (four eyes), whose approval credits the seller.
 */
export const useFactorCollection = () =>
  useAction<{ id: number; amount: number; payerName?: string; idempotencyKey: string }, FactorCollectionSubmitted>({
    call: ({ id, ...body }) => post(`/bpm/purchase-sales/orders/${id}/collection`, body),
    invalidates: [PS_KEY, ['bpm']],
    success: '已提交，待另一位操作员复核入账',
  });
