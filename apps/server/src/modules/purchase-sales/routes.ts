import type { Cents } from '@factoring/domain';
import { orderInvoiceApi, purchaseSalesApi as api } from '@factoring/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf as userActorOf } from '../../lib/actor.ts';
import { chinaToday } from '../../lib/clock.ts';
import { ok, page } from '../../lib/envelope.ts';
import { certifiedScope, scopeOf } from '../../lib/scope.ts';
import { serve } from '../../lib/serve.ts';
import { runOnce, moneyCommand } from '../ledger/index.ts';
import { readSiteConfig } from '../system/index.ts';
import { addAttachments } from './operations/add-attachments.ts';
import { addGoods } from './operations/add-goods.ts';
import { answerOrder } from './operations/answer-order.ts';
import { cancelOrder } from './operations/cancel-order.ts';
import { closeOrder } from './operations/close-order.ts';
import { confirmOrder } from './operations/confirm-order.ts';
import { createOrder } from './operations/create-order.ts';
import { fulfilOrder } from './operations/fulfil-order.ts';
import { issueOrderInvoice } from './operations/issue-invoice.ts';
import { payOrder } from './operations/pay-order.ts';
import { recordOfflineCollection } from './operations/record-offline-collection.ts';
import { submitFactorCollection } from './operations/submit-factor-collection.ts';
import { switchFeature } from './operations/switch-feature.ts';
import { updateDraft } from './operations/update-draft.ts';
import { listGoods } from './queries/catalogue.ts';
import { findCounterparties } from './queries/counterparties.ts';
import { featureLog } from './queries/feature-log.ts';
import { listFeatureUsers } from './queries/feature-users.ts';
import { financeableOrders } from './queries/financeable-orders.ts';
import { listOrders } from './queries/list-orders.ts';
import { findOrdersByNo } from './queries/operator-orders.ts';
import { orderDetail } from './queries/order-detail.ts';
import { ordersToConfirm } from './queries/orders-to-confirm.ts';
import { overview } from './queries/overview.ts';
import { paymentQuote } from './queries/payment-quote.ts';
import { actorOf, psAccessOf } from './store.ts';

/**
 * What a user without the feature may call (issue 24): the orders another enterprise sent to its own —
 * the overview and list of those, one of them, confirm or send back — and the home page's to-do count.
 * The handlers read them with `ADDRESSED` access, so nothing else of the feature is seen.
 */
const ADDRESSED_OPERATIONS = new Set(
  [api.toConfirm, api.overview, api.orders, api.exportOrders, api.order, api.accept, api.return, orderInvoiceApi.issue].map(
    (e) => `${e.method} ${e.path}`,
  ),
);
const operationOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url}`;

/**
 * Purchase and sales management (issue 16). Enterprise routes under `/api/purchase-sales/` answer
 * 403 to any user without the per-user feature (SPEC §2) — checked before the body is read, so a
 * direct call learns nothing — except the few that serve the orders sent to its enterprise (above). Operator routes under `/api/bpm/purchase-sales/`. Each operation is an
 * endpoint of the contract (purchaseSalesApi).
 */
export const purchaseSalesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const confirm = { db, cipher: ctx.cipher };

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/api/purchase-sales/')) return;
    if (request.user?.authority === 'merchant' && !request.user.purchaseSales && !ADDRESSED_OPERATIONS.has(operationOf(request))) {
      await reply.code(403).send({ status: 'ERROR', message: '未开通购销管理，请联系平台运营人员' });
      return reply;
    }
  });

  /** The caller's certified enterprise and its user as the actor of the order's history. */
  const who = (request: FastifyRequest) => {
    const scope = certifiedScope(request);
    return { scope, actor: actorOf(scope, request.user!, request.ip), access: psAccessOf(request.user!) };
  };
  const fee = async () => (await readSiteConfig(db)).fees.inTransfer as Cents;

  serve(app, api.toConfirm, async (request) => ok({ count: await ordersToConfirm(db, who(request).scope) }));
  serve(app, api.overview, async (request) => {
    const { scope, access } = who(request);
    return ok(await overview(db, scope, access));
  });
  serve(app, api.orders, async (request) => {
    const { scope, access } = who(request);
    const r = await listOrders(db, ctx.ports.orderLoans, scope, request.query, access);
    return page(r.items, r.totalCount);
  });
  serve(app, api.exportOrders, async (request) => {
    const { scope, access } = who(request);
    return ok((await listOrders(db, ctx.ports.orderLoans, scope, { ...request.query, page: 1, size: 5000 }, access)).items);
  });
  serve(app, api.order, async (request) => {
    const { scope, access } = who(request);
    return ok(await orderDetail(db, ctx.ports.orderLoans, scope, request.params.id, access));
  });

  serve(app, api.createOrder, async (request) => {
    const { scope, actor } = who(request);
    return runOnce(db, request, (tx) => createOrder(tx, scope, actor, request.body));
  });
  serve(app, api.saveOrder, async (request) => {
    const { scope, actor } = who(request);
    return runOnce(db, request, (tx) => updateDraft(tx, scope, actor, request.params.id, request.body));
  });
  serve(app, api.confirm, async (request) => {
    const { scope, actor } = who(request);
    return ok(await confirmOrder(db, scope, actor, request.params.id));
  });
  serve(app, api.accept, async (request) => {
    const { scope, actor, access } = who(request);
    return ok(await answerOrder(db, scope, actor, request.params.id, true, null, access));
  });
  serve(app, api.return, async (request) => {
    const { scope, actor, access } = who(request);
    return ok(await answerOrder(db, scope, actor, request.params.id, false, request.body.reason ?? null, access));
  });
  serve(app, api.fulfil, async (request) => {
    const { scope, actor } = who(request);
    return runOnce(db, request, (tx) => fulfilOrder(tx, scope, actor, request.params.id, request.body));
  });
  serve(app, api.cancel, async (request) => {
    const { scope, actor } = who(request);
    return ok(await cancelOrder(db, scope, actor, request.params.id, request.body.reason ?? null));
  });
  serve(app, api.close, async (request) => {
    const { scope, actor } = who(request);
    return ok(await closeOrder(db, scope, actor, request.params.id));
  });
  serve(app, orderInvoiceApi.issue, async (request) => {
    // The seller of an order sent to it invoices it too (issue 36): with or without the feature.
    const { scope, actor, access } = who(request);
    return runOnce(db, request, (tx) => issueOrderInvoice(tx, scope, actor, request.params.id, chinaToday(), access));
  });
  serve(app, api.attach, async (request) => {
    const { scope, actor } = who(request);
    await addAttachments(db, scope, actor, request.params.id, request.body.uploadIds);
    return ok('附件已添加');
  });

  serve(app, api.paymentQuote, async (request) => ok(await paymentQuote(db, who(request).scope, request.params.id, await fee())));
  serve(app, api.pay, async (request) => {
    const { scope, actor } = who(request);
    const { payeeId, amount } = request.body;
    const command = { operation: 'order-payment', request: { orderId: request.params.id, payeeId, amount } };
    const charge = await fee();
    return ok(
      await moneyCommand(confirm, request, command, (tx) =>
        payOrder(tx, ctx.ports.orderLoans, scope, actor, request.params.id, { payeeId, amount, fee: charge }),
      ),
    );
  });
  serve(app, api.collect, async (request) => {
    const { scope, actor } = who(request);
    const { amount } = request.body;
    const note = request.body.note ?? null;
    const command = { operation: 'order-collection', request: { orderId: request.params.id, amount, note }, password: false };
    return ok(
      await moneyCommand(confirm, request, command, (tx) =>
        recordOfflineCollection(tx, ctx.ports.orderLoans, scope, actor, request.params.id, { amount, note }),
      ),
    );
  });

  serve(app, api.catalogue, async (request) => ok(await listGoods(db, who(request).scope)));
  serve(app, api.addGoods, async (request) => ok(await addGoods(db, who(request).scope, request.body)));
  serve(app, api.counterparties, async (request) => ok(await findCounterparties(db, who(request).scope, request.query.name)));
  serve(app, api.financeableOrders, async (request) =>
    ok(await financeableOrders(db, ctx.ports.orderLoans, who(request).scope, request.query.creditLineId)),
  );

  // Operators --------------------------------------------------------------------------------
  const operatorOf = (request: FastifyRequest) => ({ ...userActorOf(request), enterpriseId: null });

  serve(app, api.featureUsers, async (request) => {
    const r = await listFeatureUsers(db, request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.switchFeature, async (request) =>
    ok(await switchFeature(db, operatorOf(request), request.params.id, request.body.enabled, request.body.reason)),
  );
  serve(app, api.featureLog, async (request) => ok(await featureLog(db, request.query.userId)));
  serve(app, api.operatorOrders, async (request) =>
    ok(await findOrdersByNo(db, ctx.ports.orderLoans, scopeOf(request), request.query.orderNo)),
  );
  serve(app, api.factorCollection, async (request) => {
    const { amount } = request.body;
    const payerName = request.body.payerName ?? null;
    const command = {
      operation: 'order-factor-collection',
      request: { orderId: request.params.id, amount, payerName },
      password: false,
    };
    return ok(
      await moneyCommand(confirm, request, command, (tx) =>
        submitFactorCollection(tx, ctx.ports.orderLoans, scopeOf(request), operatorOf(request), request.params.id, { amount, payerName }),
      ),
    );
  });
};
