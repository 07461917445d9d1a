import { chinaDate } from '@factoring/domain';
import { pledgeApi as api, riskApi } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/actor.ts';
import { chinaToday } from '../../lib/clock.ts';
import { ok } from '../../lib/envelope.ts';
import { certifiedScope, enterpriseScope } from '../../lib/scope.ts';
import { serve } from '../../lib/serve.ts';
import { runOnce, moneyCommand } from '../ledger/index.ts';
import { applyPledge } from './operations/apply.ts';
import { cancelPledge } from './operations/cancel.ts';
import { pledgeDeliveryRoutes } from './routes/delivery-routes.ts';
import { collateralWatch } from './queries/collateral-watch.ts';
import { listPledges, pledgeDetail } from './queries/list.ts';
import { pledgeableStock } from './queries/my-stock.ts';
import { payMargin } from './operations/pay-margin.ts';
import { pledgePaymentRoutes } from './routes/payment-routes.ts';
import { pledgePlatforms } from './queries/platforms.ts';
import { goodsPriceList } from './queries/prices.ts';
import { previewGoodsPrice, submitGoodsPrice } from './operations/record-price.ts';
import { redeemGoods } from './operations/redeem.ts';
import { releaseOrderDesk } from './queries/release-order-desk.ts';
import { repayPledge } from './operations/repay.ts';
import { topUpMargin } from './operations/top-up.ts';
import { pledgeTrial } from './queries/trial.ts';

/**
 * Goods-pledge financing (issue 14, PRODUCT §8). Enterprise routes read with `enterpriseScope` and
 * act with `certifiedScope`; every money movement is confirmed with the login password and runs
 * once per idempotency key (`moneyCommand`). Operators record prices under /api/bpm/pledge;
 * approvals and disbursements are /bpm/tasks task types (task-types.ts).
 */
export const pledgeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const confirm = { db, cipher: ctx.cipher };
  await app.register(pledgePaymentRoutes, { ctx });
  await app.register(pledgeDeliveryRoutes, { ctx });
  // The risk desk's collateral tab (issue 27), the pledge's own contribution to the desk (issue 35).
  serve(app, riskApi.collateral, async () => ok(await collateralWatch(db, chinaToday())));

  serve(app, api.platforms, async (request) => ok(await pledgePlatforms(db, enterpriseScope(request), chinaDate())));
  serve(app, api.stock, async (request) => ok(await pledgeableStock(db, enterpriseScope(request), request.query)));
  serve(app, api.trial, async (request) => ok(await pledgeTrial(db, enterpriseScope(request), request.body, chinaDate())));
  serve(app, api.apply, async (request) => {
    const scope = certifiedScope(request);
    return runOnce(db, request, (tx) => applyPledge(tx, scope, actorOf(request), request.body, chinaDate()));
  });
  serve(app, api.financings, async (request) => ok(await listPledges(db, enterpriseScope(request), request.query)));
  serve(app, api.financing, async (request) => ok(await pledgeDetail(db, enterpriseScope(request), request.params.id)));
  serve(app, api.cancel, async (request) => ok(await cancelPledge(db, certifiedScope(request), request.params.id, actorOf(request))));

  // Money movements: the login password (the redemption excepted), then the work once per key ---
  serve(app, api.payMargin, async (request) => {
    const scope = certifiedScope(request);
    const command = { operation: 'pledge.margin', request: { financingId: request.params.id } };
    return ok(await moneyCommand(confirm, request, command, (tx) => payMargin(tx, scope, request.params.id, actorOf(request))));
  });
  serve(app, api.topUp, async (request) => {
    const scope = certifiedScope(request);
    const command = { operation: 'pledge.topUp', request: { financingId: request.params.id } };
    return ok(await moneyCommand(confirm, request, command, (tx) => topUpMargin(tx, scope, request.params.id, actorOf(request))));
  });
  serve(app, api.repay, async (request) => {
    const scope = certifiedScope(request);
    const { amount, source } = request.body;
    const command = { operation: 'pledge.repay', request: { financingId: request.params.id, amount, source } };
    return ok(
      await moneyCommand(confirm, request, command, (tx) => repayPledge(tx, scope, request.params.id, actorOf(request), amount, source)),
    );
  });
  // A redemption moves goods, not money: no password; the release order names its receiver.
  serve(app, api.redeem, async (request) => {
    const scope = certifiedScope(request);
    const { items, receiver } = request.body;
    const command = { operation: 'pledge.redeem', request: { financingId: request.params.id, items, receiver }, password: false };
    return ok(
      await moneyCommand(confirm, request, command, (tx) => redeemGoods(tx, scope, request.params.id, actorOf(request), request.body)),
    );
  });

  // Operators ---------------------------------------------------------------------------------
  serve(app, api.prices, async () => ok(await goodsPriceList(db)));
  serve(app, api.releaseOrderDesk, async (request) => ok(await releaseOrderDesk(db, request.query)));
  serve(app, api.pricePreview, async (request) => ok(await previewGoodsPrice(db, request.query.goodsId, request.query.unitPrice)));
  // A price entry is reviewed by a second operator (no password); once per key.
  serve(app, api.recordPrice, async (request) => {
    const { goodsId, unitPrice, priceDate, source } = request.body;
    const command = { operation: 'pledge.price', request: { goodsId, unitPrice, priceDate, source }, password: false };
    return ok(await moneyCommand(confirm, request, command, (tx) => submitGoodsPrice(tx, actorOf(request), request.body)));
  });
};
