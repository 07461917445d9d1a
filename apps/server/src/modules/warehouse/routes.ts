// Routes of the supervised warehouse (issue 13): thin — parse with the contract's schemas, take the
// caller's scope, run the service in one transaction (money-style idempotency for every movement).
import {
  answers,
  endorseeQuerySchema,
  endorseeSchema,
  enterpriseOptionSchema,
  enterpriseQuerySchema,
  goodsInputSchema,
  goodsListQuerySchema,
  goodsPageSchema,
  idParams,
  locationInputSchema,
  movementPageSchema,
  movementQuerySchema,
  ownStockSchema,
  positionPageSchema,
  positionQuerySchema,
  positionSchema,
  receiptCancelSchema,
  receiptEndorseSchema,
  receiptIssueSchema,
  receiptMergeSchema,
  receiptPageSchema,
  receiptQuerySchema,
  receiptSplitSchema,
  receiptVerificationSchema,
  receiptVerifyQuerySchema,
  releaseOrderListQuery,
  stockInSchema,
  stockMoveSchema,
  stockOutSchema,
  stockTakePageSchema,
  stockTakeQuerySchema,
  stockTakeSchema,
  warehouseInputSchema,
  warehouseReleaseOrderSchema,
  warehouseSchema,
} from '@factoring/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app.ts';
import type { Tx } from '../../db/client.ts';
import { ok, warn } from '../../lib/envelope.ts';
import { certifiedScope, enterpriseScope, scopeOf, warehouseScope } from '../../lib/scope.ts';
import { confirmPassword } from '../auth/confirm-password.ts';
import { idempotencyKeyOf, idempotencyScopeOf, runIdempotent } from '../ledger/idempotency.ts';
import { createGoods, deleteGoods, listGoods, setGoodsStatus, updateGoods } from './goods.ts';
import {
  enterpriseOptions,
  exportPositions,
  findVisiblePosition,
  listMovements,
  listPositions,
  listReceipts,
  listStockTakes,
  ownStock,
  verifyReceipt,
} from './queries.ts';
import { cancelReceipt, endorseeOf, endorseReceipt, issueReceipt, mergeReceipts, splitReceipt } from './receipts.ts';
import { checkStock } from './stock-check.ts';
import { recordStockIn } from './stock-in.ts';
import type { Actor } from './stock-ledger.ts';
import { moveStock } from './stock-move.ts';
import { openReleaseOrders } from './release-orders.ts';
import { recordStockOut } from './stock-out.ts';
import { submitStockTake } from './stock-take.ts';
import { createLocation, createWarehouse, listOwnWarehouses, listSupervisedWarehouses } from './warehouses.ts';

/** What a write answers: its numbers; `replayed` when the idempotency key had already been used. */
const writeResult = z.record(z.string(), z.unknown());
const tags = ['warehouse'];

export const warehouseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const anyUser = { preHandler: app.requireUser() };
  const merchant = { preHandler: app.requireUser('merchant') };
  // A warehouse company's user (ckFlag Y), checked before the body is read: others get 403, not a 400.
  const keeperOnly = { preHandler: app.requireUser('warehouse') };
  const operator = { preHandler: app.requireUser('operator') };
  const actorOf = (request: FastifyRequest): Actor => ({ id: request.user!.id, name: request.user!.displayName });

  /**
   * Runs a stock-changing call once per idempotency key, in one transaction. A replay answers the
   * first result as a WARN (nothing moves twice); the same key with another request is refused.
   */
  const once = async <T>(request: FastifyRequest, operation: string, body: { idempotencyKey?: string }, work: (tx: Tx) => Promise<T>) => {
    const key = idempotencyKeyOf(request.headers['idempotency-key'], body.idempotencyKey);
    const { result, replayed } = await runIdempotent(
      db,
      { scope: idempotencyScopeOf(request), key, operation, request: { ...body, idempotencyKey: undefined } },
      work,
    );
    const answer = result as Record<string, unknown>;
    return replayed ? warn({ ...answer, replayed: true, notice: '该请求已处理过，本次未重复执行' }) : ok(answer);
  };

  // ------------------------------------------------------------ goods catalogue
  app.get(
    '/api/warehouse/goods',
    { ...anyUser, schema: { tags, summary: '商品目录', querystring: goodsListQuerySchema, response: answers(goodsPageSchema) } },
    async (request) => ok(await listGoods(db, scopeOf(request), request.query)),
  );
  app.post(
    '/api/warehouse/goods',
    { ...keeperOnly, schema: { tags, summary: '新增商品（归本仓储公司）', body: goodsInputSchema, response: answers(writeResult) } },
    async (request) => ok(await createGoods(db, warehouseScope(request), request.body)),
  );
  app.post(
    '/api/warehouse/goods/:id',
    {
      ...keeperOnly,
      schema: {
        tags,
        summary: '修改本公司的商品（已使用的商品生成新版本）',
        params: idParams,
        body: goodsInputSchema,
        response: answers(writeResult),
      },
    },
    async (request) => ok(await updateGoods(db, warehouseScope(request), request.params.id, request.body)),
  );
  for (const [action, to, label] of [
    ['disable', 'DISABLED', '停用商品'],
    ['enable', 'ACTIVE', '启用商品'],
  ] as const) {
    app.post(
      `/api/warehouse/goods/:id/${action}`,
      { ...keeperOnly, schema: { tags, summary: label, params: idParams, response: answers(writeResult) } },
      async (request) => {
        const row = await setGoodsStatus(db, warehouseScope(request), request.params.id, to);
        return ok({ id: row.id, status: row.status });
      },
    );
  }
  app.post(
    '/api/warehouse/goods/:id/delete',
    { ...keeperOnly, schema: { tags, summary: '删除未使用的商品', params: idParams, response: answers(writeResult) } },
    async (request) => ok(await deleteGoods(db, warehouseScope(request), request.params.id)),
  );

  // ------------------------------------------------------------ warehouses
  app.get(
    '/api/warehouse/guide',
    { ...anyUser, schema: { tags, summary: '监管仓库（货押指引）', response: answers(z.array(warehouseSchema)) } },
    async () => ok(await listSupervisedWarehouses(db)),
  );
  app.get(
    '/api/warehouse/warehouses/own',
    { ...keeperOnly, schema: { tags, summary: '本仓储公司的仓库与库位', response: answers(z.array(warehouseSchema)) } },
    async (request) => ok(await listOwnWarehouses(db, warehouseScope(request))),
  );
  app.post(
    '/api/warehouse/warehouses',
    { ...keeperOnly, schema: { tags, summary: '新增仓库', body: warehouseInputSchema, response: answers(writeResult) } },
    async (request) => ok(await createWarehouse(db, warehouseScope(request), request.body)),
  );
  app.post(
    '/api/warehouse/locations',
    { ...keeperOnly, schema: { tags, summary: '新增库位', body: locationInputSchema, response: answers(writeResult) } },
    async (request) => ok(await createLocation(db, warehouseScope(request), request.body)),
  );
  app.get(
    '/api/warehouse/enterprises',
    {
      ...keeperOnly,
      schema: {
        tags,
        summary: '已认证企业（仓储公司选择存货人）',
        querystring: enterpriseQuerySchema,
        response: answers(enterpriseOptionSchema),
      },
    },
    async (request) => ok(await enterpriseOptions(db, warehouseScope(request), request.query.keyword)),
  );
  app.get(
    '/api/warehouse/endorsees',
    {
      ...merchant,
      schema: {
        tags,
        summary: '按统一社会信用代码确认被背书企业（名称与代码）',
        querystring: endorseeQuerySchema,
        response: answers(endorseeSchema),
      },
    },
    async (request) => {
      const { name, uscc } = await endorseeOf(db, certifiedScope(request), request.query.uscc);
      return ok({ name, uscc });
    },
  );

  // ------------------------------------------------------------ inventory and movements (scoped)
  app.get(
    '/api/warehouse/positions',
    { ...anyUser, schema: { tags, summary: '库存明细（分页）', querystring: positionQuerySchema, response: answers(positionPageSchema) } },
    async (request) => ok(await listPositions(db, scopeOf(request), request.query)),
  );
  app.get(
    '/api/warehouse/positions/export',
    {
      ...anyUser,
      schema: {
        tags,
        summary: '导出库存明细（Excel 由浏览器生成）',
        querystring: positionQuerySchema.omit({ page: true, size: true }),
        response: answers(z.array(positionSchema)),
      },
    },
    async (request) => ok(await exportPositions(db, scopeOf(request), request.query)),
  );
  app.get(
    '/api/warehouse/positions/:id',
    { ...anyUser, schema: { tags, summary: '一条库存', params: idParams, response: answers(positionSchema) } },
    async (request) => ok(await findVisiblePosition(db, scopeOf(request), request.params.id)),
  );
  app.get(
    '/api/warehouse/movements',
    {
      ...anyUser,
      schema: { tags, summary: '出入库及库存流水（分页）', querystring: movementQuerySchema, response: answers(movementPageSchema) },
    },
    async (request) => ok(await listMovements(db, scopeOf(request), request.query)),
  );
  app.get(
    '/api/warehouse/my-stock',
    { ...merchant, schema: { tags, summary: '本企业在各监管仓库的库存', response: answers(ownStockSchema) } },
    async (request) => ok(await ownStock(db, enterpriseScope(request).enterpriseId)),
  );

  // ------------------------------------------------------------ stock in / out / move
  app.post(
    '/api/warehouse/stock-in',
    { ...keeperOnly, schema: { tags, summary: '入库', body: stockInSchema, response: answers(writeResult) } },
    async (request) => {
      const scope = warehouseScope(request);
      return once(request, 'STOCK_IN', request.body, (tx) => recordStockIn(tx, scope, request.body, actorOf(request)));
    },
  );
  app.post(
    '/api/warehouse/stock-out',
    { ...keeperOnly, schema: { tags, summary: '出库（不超过可用数量）', body: stockOutSchema, response: answers(writeResult) } },
    async (request) => {
      const scope = warehouseScope(request);
      return once(request, 'STOCK_OUT', request.body, (tx) => recordStockOut(tx, scope, request.body, actorOf(request)));
    },
  );
  app.get(
    '/api/warehouse/release-orders',
    {
      ...keeperOnly,
      schema: {
        tags,
        summary: '库存的待出库放货单（含收货方）',
        querystring: releaseOrderListQuery,
        response: answers(z.array(warehouseReleaseOrderSchema)),
      },
    },
    async (request) => ok(await openReleaseOrders(db, warehouseScope(request), request.query.positionId)),
  );
  app.post(
    '/api/warehouse/stock-move',
    { ...keeperOnly, schema: { tags, summary: '移库', body: stockMoveSchema, response: answers(writeResult) } },
    async (request) => {
      const scope = warehouseScope(request);
      return once(request, 'STOCK_MOVE', request.body, (tx) => moveStock(tx, scope, request.body, actorOf(request)));
    },
  );

  // ------------------------------------------------------------ warehouse receipts
  app.get(
    '/api/warehouse/receipts',
    { ...anyUser, schema: { tags, summary: '电子仓单（分页）', querystring: receiptQuerySchema, response: answers(receiptPageSchema) } },
    async (request) => ok(await listReceipts(db, scopeOf(request), request.query)),
  );
  app.get(
    '/api/warehouse/receipts/verify',
    {
      ...anyUser,
      schema: { tags, summary: '仓单核验', querystring: receiptVerifyQuerySchema, response: answers(receiptVerificationSchema) },
    },
    async (request) => ok(await verifyReceipt(db, request.query.receiptNo, request.query.hash)),
  );
  app.post(
    '/api/warehouse/receipts/issue',
    { ...keeperOnly, schema: { tags, summary: '开立仓单', body: receiptIssueSchema, response: answers(writeResult) } },
    async (request) => {
      const scope = warehouseScope(request);
      return once(request, 'RECEIPT_ISSUE', request.body, (tx) => issueReceipt(tx, scope, request.body, actorOf(request)));
    },
  );
  app.post(
    '/api/warehouse/receipts/split',
    { ...merchant, schema: { tags, summary: '拆分仓单', body: receiptSplitSchema, response: answers(writeResult) } },
    async (request) => {
      const scope = enterpriseScope(request);
      return once(request, 'RECEIPT_SPLIT', request.body, (tx) => splitReceipt(tx, scope, request.body, actorOf(request)));
    },
  );
  app.post(
    '/api/warehouse/receipts/merge',
    { ...merchant, schema: { tags, summary: '合并仓单', body: receiptMergeSchema, response: answers(writeResult) } },
    async (request) => {
      const scope = enterpriseScope(request);
      return once(request, 'RECEIPT_MERGE', request.body, (tx) => mergeReceipts(tx, scope, request.body, actorOf(request)));
    },
  );
  app.post(
    '/api/warehouse/receipts/endorse',
    {
      ...merchant,
      schema: { tags, summary: '背书转让仓单（持有人，登录密码确认）', body: receiptEndorseSchema, response: answers(writeResult) },
    },
    async (request) => {
      const scope = certifiedScope(request);
      const { password, ...body } = request.body;
      await confirmPassword({ db, cipher: ctx.cipher }, scope.userId, password, '仓单未背书');
      return once(request, 'RECEIPT_ENDORSE', body, (tx) => endorseReceipt(tx, scope, body, actorOf(request)));
    },
  );
  app.post(
    '/api/warehouse/receipts/cancel',
    { ...merchant, schema: { tags, summary: '注销仓单', body: receiptCancelSchema, response: answers(writeResult) } },
    async (request) => {
      const scope = enterpriseScope(request);
      return once(request, 'RECEIPT_CANCEL', request.body, (tx) => cancelReceipt(tx, scope, request.body, actorOf(request)));
    },
  );

  // ------------------------------------------------------------ stock-taking
  app.get(
    '/api/warehouse/stock-takes',
    {
      ...anyUser,
      schema: { tags, summary: '盘点记录（分页）', querystring: stockTakeQuerySchema, response: answers(stockTakePageSchema) },
    },
    async (request) => ok(await listStockTakes(db, scopeOf(request), request.query)),
  );
  app.post(
    '/api/warehouse/stock-takes',
    { ...keeperOnly, schema: { tags, summary: '提交盘点（差异待运营审批）', body: stockTakeSchema, response: answers(writeResult) } },
    async (request) => {
      const scope = warehouseScope(request);
      return once(request, 'STOCK_TAKE', request.body, (tx) => submitStockTake(tx, scope, request.body, actorOf(request)));
    },
  );

  // ------------------------------------------------------------ operators
  app.get(
    '/api/bpm/warehouse/stock-check',
    {
      ...operator,
      schema: {
        tags,
        summary: '库存账核对（与 npm run stock:check 相同）',
        response: answers(z.object({ positions: z.number(), movements: z.number(), receipts: z.number(), problems: z.array(z.string()) })),
      },
    },
    async () => ok(await checkStock(db)),
  );
};
