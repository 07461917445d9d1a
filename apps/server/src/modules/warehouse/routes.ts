// Routes of the supervised warehouse (issue 13): thin — the contract's endpoints (warehouseApi) fix
// path, access and schemas; a handler takes the caller's scope and runs the service in one
// transaction (idempotent for every movement).
import { warehouseApi as api } from '@factoring/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { actorOf } from '../../lib/actor.ts';
import { ok, warn } from '../../lib/envelope.ts';
import { certifiedScope, enterpriseScope, scopeOf, warehouseScope } from '../../lib/scope.ts';
import { serve } from '../../lib/serve.ts';
import { confirmPassword } from '../auth/index.ts';
import { idempotencyScopeOf, requestIdempotencyKey, runIdempotent } from '../ledger/index.ts';
import { cancelReceipt } from './operations/cancel-receipt.ts';
import { createGoods } from './operations/create-goods.ts';
import { createLocation } from './operations/create-location.ts';
import { createWarehouse } from './operations/create-warehouse.ts';
import { deleteGoods } from './operations/delete-goods.ts';
import { endorseReceipt } from './operations/endorse-receipt.ts';
import { issueReceipt } from './operations/issue-receipt.ts';
import { mergeReceipts } from './operations/merge-receipts.ts';
import { setGoodsStatus } from './operations/set-goods-status.ts';
import { splitReceipt } from './operations/split-receipt.ts';
import { recordStockIn } from './operations/stock-in.ts';
import { moveStock } from './operations/stock-move.ts';
import { recordStockOut } from './operations/stock-out.ts';
import { submitStockTake } from './operations/submit-stock-take.ts';
import { updateGoods } from './operations/update-goods.ts';
import { endorseeOf } from './queries/endorsee.ts';
import { enterpriseOptions } from './queries/enterprise-options.ts';
import { listGoods } from './queries/list-goods.ts';
import { listMovements } from './queries/movements.ts';
import { ownStock } from './queries/own-stock.ts';
import { exportPositions, findVisiblePosition, listPositions } from './queries/positions.ts';
import { listReceipts } from './queries/receipts.ts';
import { openReleaseOrders } from './queries/release-orders.ts';
import { checkStock } from './queries/stock-check.ts';
import { listStockTakes } from './queries/stock-takes.ts';
import { verifyReceipt } from './queries/verify-receipt.ts';
import { listOwnWarehouses, listSupervisedWarehouses } from './queries/warehouses.ts';

export const warehouseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  /**
   * Runs a stock-changing call once per idempotency key, in one transaction. A replay answers the
   * first result as a WARN (nothing moves twice); the same key with another request is refused.
   * (Not `moneyCommand`: that one answers a replay as the first OK, and these calls say they replayed.)
   */
  const once = async <T extends object>(
    request: FastifyRequest,
    operation: string,
    body: { idempotencyKey?: string },
    work: (tx: Tx) => Promise<T>,
  ) => {
    const key = requestIdempotencyKey(request);
    const { result, replayed } = await runIdempotent(
      db,
      { scope: idempotencyScopeOf(request), key, operation, request: { ...body, idempotencyKey: undefined } },
      work,
    );
    return replayed ? warn({ ...result, replayed: true, notice: '该请求已处理过，本次未重复执行' }) : ok(result);
  };

  // ------------------------------------------------------------ goods catalogue
  serve(app, api.goods, async (request) => ok(await listGoods(db, scopeOf(request), request.query)));
  serve(app, api.createGoods, async (request) => ok(await createGoods(db, warehouseScope(request), request.body)));
  serve(app, api.updateGoods, async (request) => ok(await updateGoods(db, warehouseScope(request), request.params.id, request.body)));
  for (const [endpoint, to] of [
    [api.disableGoods, 'DISABLED'],
    [api.enableGoods, 'ACTIVE'],
  ] as const) {
    serve(app, endpoint, async (request) => {
      const row = await setGoodsStatus(db, warehouseScope(request), request.params.id, to);
      return ok({ id: row.id, status: row.status });
    });
  }
  serve(app, api.deleteGoods, async (request) => ok(await deleteGoods(db, warehouseScope(request), request.params.id)));

  // ------------------------------------------------------------ warehouses
  serve(app, api.guide, async () => ok(await listSupervisedWarehouses(db)));
  serve(app, api.ownWarehouses, async (request) => ok(await listOwnWarehouses(db, warehouseScope(request))));
  serve(app, api.createWarehouse, async (request) => ok(await createWarehouse(db, warehouseScope(request), request.body)));
  serve(app, api.createLocation, async (request) => ok(await createLocation(db, warehouseScope(request), request.body)));
  serve(app, api.enterprises, async (request) => ok(await enterpriseOptions(db, warehouseScope(request), request.query.keyword)));
  serve(app, api.endorsee, async (request) => {
    const { name, uscc } = await endorseeOf(db, certifiedScope(request), request.query.uscc);
    return ok({ name, uscc });
  });

  // ------------------------------------------------------------ inventory and movements (scoped)
  serve(app, api.positions, async (request) => ok(await listPositions(db, scopeOf(request), request.query)));
  serve(app, api.exportPositions, async (request) => ok(await exportPositions(db, scopeOf(request), request.query)));
  serve(app, api.position, async (request) => ok(await findVisiblePosition(db, scopeOf(request), request.params.id)));
  serve(app, api.movements, async (request) => ok(await listMovements(db, scopeOf(request), request.query)));
  serve(app, api.myStock, async (request) => ok(await ownStock(db, enterpriseScope(request).enterpriseId)));

  // ------------------------------------------------------------ stock in / out / move
  serve(app, api.stockIn, async (request) => {
    const scope = warehouseScope(request);
    return once(request, 'STOCK_IN', request.body, (tx) => recordStockIn(tx, scope, request.body, actorOf(request)));
  });
  serve(app, api.stockOut, async (request) => {
    const scope = warehouseScope(request);
    return once(request, 'STOCK_OUT', request.body, (tx) => recordStockOut(tx, scope, request.body, actorOf(request)));
  });
  serve(app, api.releaseOrders, async (request) => ok(await openReleaseOrders(db, warehouseScope(request), request.query.positionId)));
  serve(app, api.stockMove, async (request) => {
    const scope = warehouseScope(request);
    return once(request, 'STOCK_MOVE', request.body, (tx) => moveStock(tx, scope, request.body, actorOf(request)));
  });

  // ------------------------------------------------------------ warehouse receipts
  serve(app, api.receipts, async (request) => ok(await listReceipts(db, scopeOf(request), request.query)));
  serve(app, api.verifyReceipt, async (request) => ok(await verifyReceipt(db, request.query.receiptNo, request.query.hash)));
  serve(app, api.issueReceipt, async (request) => {
    const scope = warehouseScope(request);
    return once(request, 'RECEIPT_ISSUE', request.body, (tx) => issueReceipt(tx, scope, request.body, actorOf(request)));
  });
  serve(app, api.splitReceipt, async (request) => {
    const scope = enterpriseScope(request);
    return once(request, 'RECEIPT_SPLIT', request.body, (tx) => splitReceipt(tx, scope, request.body, actorOf(request)));
  });
  serve(app, api.mergeReceipts, async (request) => {
    const scope = enterpriseScope(request);
    return once(request, 'RECEIPT_MERGE', request.body, (tx) => mergeReceipts(tx, scope, request.body, actorOf(request)));
  });
  serve(app, api.endorseReceipt, async (request) => {
    const scope = certifiedScope(request);
    const { password, ...body } = request.body;
    await confirmPassword({ db, cipher: ctx.cipher }, scope.userId, password, '仓单未背书');
    return once(request, 'RECEIPT_ENDORSE', body, (tx) => endorseReceipt(tx, scope, body, actorOf(request)));
  });
  serve(app, api.cancelReceipt, async (request) => {
    const scope = enterpriseScope(request);
    return once(request, 'RECEIPT_CANCEL', request.body, (tx) => cancelReceipt(tx, scope, request.body, actorOf(request)));
  });

  // ------------------------------------------------------------ stock-taking
  serve(app, api.stockTakes, async (request) => ok(await listStockTakes(db, scopeOf(request), request.query)));
  serve(app, api.submitStockTake, async (request) => {
    const scope = warehouseScope(request);
    return once(request, 'STOCK_TAKE', request.body, (tx) => submitStockTake(tx, scope, request.body, actorOf(request)));
  });

  // ------------------------------------------------------------ operators
  serve(app, api.stockCheck, async () => ok(await checkStock(db)));
};
