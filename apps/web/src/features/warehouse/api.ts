import type {
  endorseeSchema,
  enterpriseOptionSchema,
  GoodsInput,
  goodsPageSchema,
  movementPageSchema,
  ownStockSchema,
  positionSchema,
  receiptPageSchema,
  receiptVerificationSchema,
  StockInInput,
  stockTakePageSchema,
  StockOutInput,
  StockTakeInput,
  warehouseSchema,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAction } from '../../lib/action.ts';
import { newIdempotencyKey, postConfirmed, type Confirmation } from '../../lib/confirm.ts';
import { request, unwrap } from '../../lib/request.ts';

// The warehouse calls (server module `warehouse`). Types are the wire shapes of the contract in
// packages/domain/src/contract/warehouse.ts; every hook owns its URL.

type Wire<T extends z.ZodType> = z.input<T>;
export type GoodsRow = Wire<typeof goodsPageSchema>['items'][number];
export type Warehouse = Wire<typeof warehouseSchema>;
export type Position = Wire<typeof positionSchema>;
export type Movement = Wire<typeof movementPageSchema>['items'][number];
export type Receipt = Wire<typeof receiptPageSchema>['items'][number];
export type StockTake = Wire<typeof stockTakePageSchema>['items'][number];
export type OwnStock = Wire<typeof ownStockSchema>[number];
export type EnterpriseOption = Wire<typeof enterpriseOptionSchema>[number];
export type ReceiptVerification = Wire<typeof receiptVerificationSchema>;
export type Endorsee = Wire<typeof endorseeSchema>;

type Query = Record<string, string | number | undefined>;
const clean = (q: Query) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));
const get = async <T>(url: string, q: Query = {}) => unwrap(await request<T>(url, { data: clean(q) }));
const postJson = <T>(url: string, body: Record<string, unknown>) => request<T>(url, { method: 'POST', json: true, data: body });
/** A stock-changing call: a fresh idempotency key unless the form already holds one. */
const postOnce = <T>(url: string, body: { idempotencyKey?: string }) => {
  const idempotencyKey = body.idempotencyKey ?? newIdempotencyKey();
  return request<T>(url, { method: 'POST', json: true, data: { ...body, idempotencyKey }, headers: { 'Idempotency-Key': idempotencyKey } });
};

const KEY = 'warehouse';
const REFRESH = [[KEY]] as const;
type Paged<T> = { items: T[]; totalCount: number };
type Result = Record<string, unknown> & { operationNo?: string; replayed?: boolean; notice?: string };

export const useGoods = (q: Query) =>
  useQuery({ queryKey: [KEY, 'goods', q], queryFn: () => get<Paged<GoodsRow>>('/warehouse/goods', q), placeholderData: keepPreviousData });
/** Every active goods item (for selects). */
export const useActiveGoods = () =>
  useQuery({
    queryKey: [KEY, 'goods', 'active'],
    queryFn: async () => (await get<Paged<GoodsRow>>('/warehouse/goods', { status: 'ACTIVE', size: 200 })).items,
    staleTime: 60_000,
  });
export const useGuide = () =>
  useQuery({ queryKey: [KEY, 'guide'], queryFn: () => get<Warehouse[]>('/warehouse/guide'), staleTime: 60_000 });
export const useOwnWarehouses = () =>
  useQuery({ queryKey: [KEY, 'own-warehouses'], queryFn: () => get<Warehouse[]>('/warehouse/warehouses/own') });
export const useEnterprises = (keyword?: string) =>
  useQuery({
    queryKey: [KEY, 'enterprises', keyword ?? ''],
    queryFn: () => get<EnterpriseOption[]>('/warehouse/enterprises', { keyword }),
    staleTime: 60_000,
  });
export const usePositions = (q: Query, enabled = true) =>
  useQuery({
    queryKey: [KEY, 'positions', q],
    queryFn: () => get<Paged<Position>>('/warehouse/positions', q),
    placeholderData: keepPreviousData,
    enabled,
  });
export const fetchPositionsForExport = (q: Query) => get<Position[]>('/warehouse/positions/export', q);
export const useMovements = (q: Query, enabled = true) =>
  useQuery({
    queryKey: [KEY, 'movements', q],
    queryFn: () => get<Paged<Movement>>('/warehouse/movements', q),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useMyStock = () => useQuery({ queryKey: [KEY, 'my-stock'], queryFn: () => get<OwnStock[]>('/warehouse/my-stock') });
export const useReceipts = (q: Query) =>
  useQuery({
    queryKey: [KEY, 'receipts', q],
    queryFn: () => get<Paged<Receipt>>('/warehouse/receipts', q),
    placeholderData: keepPreviousData,
  });
export const useStockTakes = (q: Query) =>
  useQuery({
    queryKey: [KEY, 'stock-takes', q],
    queryFn: () => get<Paged<StockTake>>('/warehouse/stock-takes', q),
    placeholderData: keepPreviousData,
  });
/** Verification by what is printed on the receipt: its number and content hash. */
export const verifyReceipt = (receiptNo: string, hash: string) =>
  get<ReceiptVerification>('/warehouse/receipts/verify', { receiptNo, hash });
/** The certified enterprise a credit code names (the endorsement dialog checks it on blur). */
export const findEndorsee = (uscc: string) => get<Endorsee>('/warehouse/endorsees', { uscc });

export const useSaveGoods = () =>
  useAction({
    call: ({ id, ...body }: GoodsInput & { id?: number }) =>
      postJson<Result & { newVersion?: boolean; version?: number }>(id ? `/warehouse/goods/${id}` : '/warehouse/goods', body),
    invalidates: REFRESH,
    success: (r, v) => (r.newVersion ? `已生成新版本 V${r.version}，原商品已停用` : v.id ? '商品已保存' : '商品已新增'),
  });
export const useGoodsAction = () =>
  useAction({
    call: ({ id, action }: { id: number; action: 'disable' | 'enable' | 'delete' }) =>
      postJson<Result>(`/warehouse/goods/${id}/${action}`, {}),
    invalidates: REFRESH,
    success: (_, v) => ({ disable: '商品已停用', enable: '商品已启用', delete: '商品已删除' })[v.action],
  });
export const useCreateWarehouse = () =>
  useAction({
    call: (body: Record<string, unknown>) => postJson<Result>('/warehouse/warehouses', body),
    invalidates: REFRESH,
    success: '仓库已新增',
  });
export const useCreateLocation = () =>
  useAction({
    call: (body: { warehouseId: number; code: string; name?: string }) => postJson<Result>('/warehouse/locations', body),
    invalidates: REFRESH,
    success: '库位已新增',
  });

export const useStockIn = () =>
  useAction({ call: (body: StockInInput) => postOnce<Result>('/warehouse/stock-in', body), invalidates: REFRESH });
export const useStockOut = () =>
  useAction({ call: (body: StockOutInput) => postOnce<Result>('/warehouse/stock-out', body), invalidates: REFRESH });
export const useStockMove = () =>
  useAction({
    call: (body: {
      positionId: number;
      toLocationId: number;
      quantity: string;
      occurredOn: string;
      note?: string;
      idempotencyKey?: string;
    }) => postOnce<Result>('/warehouse/stock-move', body),
    invalidates: REFRESH,
  });
export const useIssueReceipt = () =>
  useAction({
    call: (body: { positionId: number; quantity: string; note?: string; idempotencyKey?: string }) =>
      postOnce<Result & { receiptNo: string }>('/warehouse/receipts/issue', body),
    invalidates: REFRESH,
  });
export const useSplitReceipt = () =>
  useAction({
    call: (body: { receiptId: number; parts: string[]; idempotencyKey?: string }) => postOnce<Result>('/warehouse/receipts/split', body),
    invalidates: REFRESH,
    success: '仓单已拆分',
  });
export const useMergeReceipts = () =>
  useAction({
    call: (body: { receiptIds: number[]; idempotencyKey?: string }) => postOnce<Result>('/warehouse/receipts/merge', body),
    invalidates: REFRESH,
    success: '仓单已合并',
  });
/** Title to the goods moves: confirmed with the holder's login password. */
export const useEndorseReceipt = () =>
  useAction({
    call: ({ receiptId, toUscc, ...confirmation }: { receiptId: number; toUscc: string } & Confirmation) =>
      postConfirmed<Result & { holderName: string }>('/warehouse/receipts/endorse', { receiptId, toUscc }, confirmation),
    invalidates: REFRESH,
    success: (r) => `仓单已背书转让给 ${r.holderName}`,
  });
export const useCancelReceipt = () =>
  useAction({
    call: (body: { receiptId: number; reason: string; idempotencyKey?: string }) =>
      postOnce<Result & { status: string }>('/warehouse/receipts/cancel', body),
    invalidates: REFRESH,
  });
export const useSubmitStockTake = () =>
  useAction({
    call: (body: StockTakeInput) => postOnce<Result & { status: string; alert: boolean; takeNo: string }>('/warehouse/stock-takes', body),
    invalidates: REFRESH,
  });
