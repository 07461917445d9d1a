import {
  purchaseSalesApi as api,
  type AnswerOf,
  type BodyInput,
  type FactorCollectionSubmitted,
  type FinanceableOrder,
  type OrderDetail,
  type OrderInputBody,
  type OrderRow,
  type PaymentQuote,
  type PaymentResult,
  type PurchaseSalesOverview,
  type QueryInput,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, call, queryOf, send, sendConfirmed } from '../../lib/api-client.ts';
import type { Confirmation, Keyed } from '../../lib/confirm.ts';

// The purchase/sales area's calls (server module `purchase-sales`): each hook names its operation in
// the contract (purchaseSalesApi, packages/domain/src/contract/purchase-sales/), which fixes its
// path, input and answer. Every mutation refreshes the whole area.

export type { FactorCollectionSubmitted, FinanceableOrder, OrderDetail, OrderRow, PaymentQuote, PaymentResult, PurchaseSalesOverview };
export type CatalogueItem = AnswerOf<typeof api.catalogue>[number];
export type Counterparty = AnswerOf<typeof api.counterparties>[number];
export type FeatureUser = AnswerOf<typeof api.featureUsers>['items'][number];
export type FeatureLog = AnswerOf<typeof api.featureLog>[number];
export type OperatorOrder = AnswerOf<typeof api.operatorOrders>[number];
/** The order list's filters (the query without its paging). */
export type OrderFilters = Omit<QueryInput<typeof api.orders>, 'page' | 'size'>;

const AREA = areaKey(api.overview);
const invalidates = [AREA] as const;

export const useOverview = () => useQuery(queryOf(api.overview));

export function useOrders(filters: OrderFilters, paging: { page: number; size: number }) {
  return useQuery({ ...queryOf(api.orders, { query: { ...filters, ...paging } }), placeholderData: keepPreviousData });
}

export const fetchOrdersForExport = (filters: OrderFilters) => call(api.exportOrders, { query: { ...filters } });

export function useOrder(id: number | null) {
  return useQuery({ ...queryOf(api.order, { params: { id: id! } }), enabled: !!id });
}

export function usePaymentQuote(id: number | null) {
  return useQuery({ ...queryOf(api.paymentQuote, { params: { id: id! } }), enabled: !!id, retry: false });
}

export const useCatalogue = () => useQuery(queryOf(api.catalogue));

export function useCounterpartySearch(name: string) {
  return useQuery({
    ...queryOf(api.counterparties, { query: { name } }),
    enabled: name.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useFinanceableOrders(creditLineId: number | undefined, enabled: boolean) {
  return useQuery({
    ...queryOf(api.financeableOrders, { query: { creditLineId: creditLineId! } }),
    enabled: enabled && !!creditLineId,
  });
}

export const useSaveOrder = () =>
  useAction({
    call: ({ id, body }: { id?: number; body: Keyed<OrderInputBody> }) =>
      id ? send(api.saveOrder, { params: { id }, body }) : send(api.createOrder, { body }),
    invalidates,
  });

/** The order's commands by state; `return` and `cancel` may give a reason. */
const COMMANDS = { confirm: api.confirm, accept: api.accept, return: api.return, cancel: api.cancel, close: api.close } as const;
export type OrderCommand = keyof typeof COMMANDS;

export const useOrderCommand = () =>
  useAction({
    call: ({ id, command, reason }: { id: number; command: OrderCommand; reason?: string }) =>
      command === 'return' || command === 'cancel'
        ? send(COMMANDS[command], { params: { id }, body: reason ? { reason } : {} })
        : send(COMMANDS[command], { params: { id } }),
    invalidates,
    success: (r) => `订单状态：${r.statusLabel}`,
  });

export const useFulfil = () =>
  useAction({
    call: ({ id, ...body }: { id: number } & Keyed<BodyInput<typeof api.fulfil>>) => send(api.fulfil, { params: { id }, body }),
    invalidates,
    success: (r) => (r.complete ? `已全部完成，订单状态：${r.statusLabel}` : '已登记本次数量'),
  });

export const useAttach = () =>
  useAction({
    call: ({ id, ...body }: { id: number } & BodyInput<typeof api.attach>) => send(api.attach, { params: { id }, body }),
    invalidates,
    success: '附件已添加',
  });

export const useCollect = () =>
  useAction({
    call: ({ id, ...body }: { id: number } & Keyed<BodyInput<typeof api.collect>>) => send(api.collect, { params: { id }, body }),
    invalidates,
    success: '回款已登记',
  });

export const useAddGoods = () =>
  useAction({
    call: (body: BodyInput<typeof api.addGoods>) => send(api.addGoods, { body }),
    invalidates,
    success: '已加入商品目录',
  });

/** The targeted payment: the dialog supplies the password and its idempotency key; a refusal rejects. */
export const usePayOrder = () =>
  useAction({
    call: ({ id, confirmation, ...body }: { id: number; payeeId: number; amount: number; confirmation: Confirmation }) =>
      sendConfirmed(api.pay, { params: { id }, body }, confirmation),
    invalidates: [AREA, ['funds']],
  });

// Operators -----------------------------------------------------------------------------------------

export function useFeatureUsers(keyword: string, paging: { page: number; size: number }) {
  return useQuery({
    ...queryOf(api.featureUsers, { query: { keyword: keyword || undefined, ...paging } }),
    placeholderData: keepPreviousData,
  });
}

export const useFeatureLog = () => useQuery(queryOf(api.featureLog, { query: {} }));

export const useSwitchFeature = () =>
  useAction({
    call: ({ userId, ...body }: { userId: number } & BodyInput<typeof api.switchFeature>) =>
      send(api.switchFeature, { params: { id: userId }, body }),
    invalidates,
    success: (r) => (r.enabled ? '已开通购销管理，用户下次加载菜单时生效' : '已关闭购销管理'),
  });

export function useOperatorOrders(orderNo: string) {
  return useQuery({ ...queryOf(api.operatorOrders, { query: { orderNo } }), enabled: orderNo.trim().length >= 4 });
}

/**
 * Operator: records the buyer's payment that reached the factor. Recorded is not credited: a
 * 购销回款入账复核 task waits in the inbox for another operator (four eyes), whose approval credits the seller.
 */
export const useFactorCollection = () =>
  useAction({
    call: ({ id, ...body }: { id: number } & Keyed<BodyInput<typeof api.factorCollection>>) =>
      send(api.factorCollection, { params: { id }, body }),
    invalidates: [AREA, ['bpm']],
    success: '已提交，待另一位操作员复核入账',
  });
