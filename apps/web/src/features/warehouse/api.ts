import {
  warehouseApi as api,
  type AnswerOf,
  type BodyInput,
  type Endpoint,
  type GoodsInput,
  type QueryInput,
  type StockInInput,
  type StockOutInput,
  type StockTakeInput,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, call, queryOf, send, sendConfirmed, type CallInput } from '../../lib/api-client.ts';
import { newIdempotencyKey, type Confirmation } from '../../lib/confirm.ts';

// The warehouse calls (server module `warehouse`): each hook names its operation in the contract
// (warehouseApi, packages/domain/src/contract/warehouse/), which fixes its path, input and answer.

export type GoodsRow = AnswerOf<typeof api.goods>['items'][number];
export type Warehouse = AnswerOf<typeof api.ownWarehouses>[number];
export type Position = AnswerOf<typeof api.positions>['items'][number];
export type Movement = AnswerOf<typeof api.movements>['items'][number];
export type Receipt = AnswerOf<typeof api.receipts>['items'][number];
export type StockTake = AnswerOf<typeof api.stockTakes>['items'][number];
export type OwnStock = AnswerOf<typeof api.myStock>[number];
export type EnterpriseOption = AnswerOf<typeof api.enterprises>[number];
export type ReceiptVerification = AnswerOf<typeof api.verifyReceipt>;
export type Endorsee = AnswerOf<typeof api.endorsee>;
export type ReleaseOrder = AnswerOf<typeof api.releaseOrders>[number];
export type GoodsQuery = QueryInput<typeof api.goods>;
export type PositionQuery = QueryInput<typeof api.positions>;
export type MovementQuery = QueryInput<typeof api.movements>;
export type ReceiptQuery = QueryInput<typeof api.receipts>;

/** A list's filters as sent: empty fields (a cleared select, "all") are left out. */
const clean = <Q extends object>(q: Q): Q => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Q;

/** A stock-changing call: a fresh idempotency key unless the form already holds one, in the body and as `Idempotency-Key`. */
function sendOnce<E extends Endpoint>(endpoint: E, body: BodyInput<E> & { idempotencyKey?: string }) {
  const idempotencyKey = body.idempotencyKey ?? newIdempotencyKey();
  return send(endpoint, { body: { ...body, idempotencyKey } } as CallInput<E>, { headers: { 'Idempotency-Key': idempotencyKey } });
}

const REFRESH = [areaKey(api.goods)] as const;

export const useGoods = (q: GoodsQuery) => useQuery({ ...queryOf(api.goods, { query: clean(q) }), placeholderData: keepPreviousData });
/** Every active goods item (for selects). */
export const useActiveGoods = () =>
  useQuery({ ...queryOf(api.goods, { query: { status: 'ACTIVE', size: 200 } }), select: (page) => page.items, staleTime: 60_000 });
export const useGuide = () => useQuery({ ...queryOf(api.guide), staleTime: 60_000 });
export const useOwnWarehouses = () => useQuery(queryOf(api.ownWarehouses));
export const useEnterprises = (keyword?: string) =>
  useQuery({ ...queryOf(api.enterprises, { query: clean({ keyword }) }), staleTime: 60_000 });
export const usePositions = (q: PositionQuery, enabled = true) =>
  useQuery({ ...queryOf(api.positions, { query: clean(q) }), placeholderData: keepPreviousData, enabled });
export const fetchPositionsForExport = (q: QueryInput<typeof api.exportPositions>) => call(api.exportPositions, { query: clean(q) });
export const useMovements = (q: MovementQuery, enabled = true) =>
  useQuery({ ...queryOf(api.movements, { query: clean(q) }), placeholderData: keepPreviousData, enabled });
export const useMyStock = () => useQuery(queryOf(api.myStock));
export const useReceipts = (q: ReceiptQuery) =>
  useQuery({ ...queryOf(api.receipts, { query: clean(q) }), placeholderData: keepPreviousData });
export const useStockTakes = (q: QueryInput<typeof api.stockTakes>) =>
  useQuery({ ...queryOf(api.stockTakes, { query: clean(q) }), placeholderData: keepPreviousData });
/** The open release orders (放货单) of a position, for the stock-out form. */
export const useOpenReleaseOrders = (positionId?: number) =>
  useQuery({ ...queryOf(api.releaseOrders, { query: { positionId: positionId! } }), enabled: positionId !== undefined });
/** Verification by what is printed on the receipt: its number and content hash. */
export const verifyReceipt = (receiptNo: string, hash: string) => call(api.verifyReceipt, { query: clean({ receiptNo, hash }) });
/** The certified enterprise a credit code names (the endorsement dialog checks it on blur). */
export const findEndorsee = (uscc: string) => call(api.endorsee, { query: clean({ uscc }) });

export const useSaveGoods = () =>
  useAction({
    call: ({ id, ...body }: GoodsInput & { id?: number }) =>
      id ? send(api.updateGoods, { params: { id }, body }) : send(api.createGoods, { body }),
    invalidates: REFRESH,
    success: (r, v) => (r.newVersion ? `已生成新版本 V${r.version}，原商品已停用` : v.id ? '商品已保存' : '商品已新增'),
  });
const GOODS_ACTIONS = { disable: api.disableGoods, enable: api.enableGoods, delete: api.deleteGoods } as const;
export const useGoodsAction = () =>
  useAction({
    call: ({ id, action }: { id: number; action: keyof typeof GOODS_ACTIONS }) => send(GOODS_ACTIONS[action], { params: { id } }),
    invalidates: REFRESH,
    success: (_, v) => ({ disable: '商品已停用', enable: '商品已启用', delete: '商品已删除' })[v.action],
  });
export const useCreateWarehouse = () =>
  useAction({
    call: (body: BodyInput<typeof api.createWarehouse>) => send(api.createWarehouse, { body }),
    invalidates: REFRESH,
    success: '仓库已新增',
  });
export const useCreateLocation = () =>
  useAction({
    call: (body: BodyInput<typeof api.createLocation>) => send(api.createLocation, { body }),
    invalidates: REFRESH,
    success: '库位已新增',
  });

export const useStockIn = () => useAction({ call: (body: StockInInput) => sendOnce(api.stockIn, body), invalidates: REFRESH });
export const useStockOut = () => useAction({ call: (body: StockOutInput) => sendOnce(api.stockOut, body), invalidates: REFRESH });
export const useStockMove = () =>
  useAction({ call: (body: BodyInput<typeof api.stockMove>) => sendOnce(api.stockMove, body), invalidates: REFRESH });
export const useIssueReceipt = () =>
  useAction({ call: (body: BodyInput<typeof api.issueReceipt>) => sendOnce(api.issueReceipt, body), invalidates: REFRESH });
export const useSplitReceipt = () =>
  useAction({
    call: (body: BodyInput<typeof api.splitReceipt>) => sendOnce(api.splitReceipt, body),
    invalidates: REFRESH,
    success: '仓单已拆分',
  });
export const useMergeReceipts = () =>
  useAction({
    call: (body: BodyInput<typeof api.mergeReceipts>) => sendOnce(api.mergeReceipts, body),
    invalidates: REFRESH,
    success: '仓单已合并',
  });
/** Title to the goods moves: confirmed with the holder's login password. */
export const useEndorseReceipt = () =>
  useAction({
    call: ({ receiptId, toUscc, ...confirmation }: { receiptId: number; toUscc: string } & Confirmation) =>
      sendConfirmed(api.endorseReceipt, { body: { receiptId, toUscc } }, confirmation),
    invalidates: REFRESH,
    success: (r) => `仓单已背书转让给 ${r.holderName}`,
  });
export const useCancelReceipt = () =>
  useAction({ call: (body: BodyInput<typeof api.cancelReceipt>) => sendOnce(api.cancelReceipt, body), invalidates: REFRESH });
export const useSubmitStockTake = () =>
  useAction({ call: (body: StockTakeInput) => sendOnce(api.submitStockTake, body), invalidates: REFRESH });
