import {
  answers,
  catalogueInputSchema,
  catalogueItemSchema,
  collectionInputSchema,
  counterpartySchema,
  doneSchema,
  factorCollectionSubmittedSchema,
  featureLogSchema,
  featureSwitchInputSchema,
  featureUserQuerySchema,
  featureUserSchema,
  financeableOrderSchema,
  fulfilInputSchema,
  idParams,
  idSchema,
  operatorCollectionInputSchema,
  orderDetailSchema,
  orderInputSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderPaymentInputSchema,
  orderRowSchema,
  overviewSchema,
  pageOf,
  paymentQuoteSchema,
  paymentResultSchema,
  reasonInputSchema,
  textSchema,
} from '@factoring/domain/contract';
import type { Cents } from '@factoring/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app.ts';
import { ok, page } from '../../lib/envelope.ts';
import { certifiedScope, scopeOf } from '../../lib/scope.ts';
import { confirmPassword } from '../auth/confirm-password.ts';
import { idempotencyScopeOf, requestIdempotencyKey, runIdempotent, runOnce } from '../ledger/idempotency.ts';
import { readSiteConfig } from '../system/site-config.ts';
import { addAttachments } from './add-attachments.ts';
import { cancelOrder } from './cancel-order.ts';
import { addGoods, findCounterparties, listGoods } from './catalogue.ts';
import { closeOrder } from './close-order.ts';
import { answerOrder, confirmOrder } from './confirm-order.ts';
import { featureLog, listFeatureUsers, switchFeature } from './feature-switch.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { financeableOrders } from './order-loan-backing.ts';
import { payOrder, paymentQuote } from './pay-order.ts';
import { findOrdersByNo } from './operator-orders.ts';
import { listOrders, orderDetail, overview } from './queries.ts';
import { recordOfflineCollection, submitFactorCollection } from './record-collection.ts';
import { createOrder, updateDraft } from './save-order.ts';
import { actorOf } from './store.ts';

const statusSchema = z.object({ id: z.number().int(), status: z.string(), statusLabel: z.string() });
const savedSchema = z.object({ id: z.number().int(), orderNo: z.string() });
const fulfilledSchema = statusSchema.extend({ complete: z.boolean() });
const collectionSchema = z.object({
  paymentId: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  amount: z.number().int(),
  loanRepaid: z.number().int(),
  refNos: z.array(z.string()),
  outstanding: z.number().int(),
  status: z.string(),
  statusLabel: z.string(),
});
const operatorOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  sellerName: z.string(),
  buyerName: z.string(),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  outstanding: z.number().int(),
  financing: z.object({ id: z.number().int(), financingNo: z.string(), status: z.string() }).nullable(),
});

/**
 * Purchase and sales management (issue 16). Enterprise routes under `/api/purchase-sales/` answer
 * 403 to any user without the per-user feature (SPEC §2) — checked before the body is read, so a
 * direct call learns nothing. Operator routes under `/api/bpm/purchase-sales/`.
 */
export const purchaseSalesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const merchant = { preHandler: app.requireUser('merchant') };
  const operator = { preHandler: app.requireUser('operator') };
  const tags = ['purchase-sales'];

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/api/purchase-sales/')) return;
    if (request.user?.authority === 'merchant' && !request.user.purchaseSales) {
      await reply.code(403).send({ status: 'ERROR', message: '未开通购销管理，请联系平台运营人员' });
      return reply;
    }
  });

  /** The caller's certified enterprise and its user as the actor of the order's history. */
  const who = (request: FastifyRequest) => {
    const scope = certifiedScope(request);
    return { scope, actor: actorOf(scope, request.user!, request.ip) };
  };
  const fee = async () => (await readSiteConfig(db)).fees.inTransfer as Cents;

  app.get(
    '/api/purchase-sales/overview',
    { ...merchant, schema: { tags, summary: '购销概览', response: answers(overviewSchema) } },
    async (request) => {
      return ok(await overview(db, who(request).scope));
    },
  );

  app.get(
    '/api/purchase-sales/orders',
    { ...merchant, schema: { tags, summary: '订单列表（分页）', querystring: orderListQuerySchema, response: answers(orderPageSchema) } },
    async (request) => {
      const r = await listOrders(db, who(request).scope, request.query);
      return page(r.items, r.totalCount);
    },
  );

  app.get(
    '/api/purchase-sales/orders/export',
    {
      ...merchant,
      schema: {
        tags,
        summary: '导出订单（最多 5000 条，Excel 由浏览器生成）',
        querystring: orderListQuerySchema.omit({ page: true, size: true }),
        response: answers(z.array(orderRowSchema)),
      },
    },
    async (request) => ok((await listOrders(db, who(request).scope, { ...request.query, page: 1, size: 5000 })).items),
  );

  app.get(
    '/api/purchase-sales/orders/:id',
    { ...merchant, schema: { tags, summary: '订单详情', params: idParams, response: answers(orderDetailSchema) } },
    async (request) => ok(await orderDetail(db, who(request).scope, request.params.id)),
  );

  app.post(
    '/api/purchase-sales/orders',
    { ...merchant, schema: { tags, summary: '新建订单草稿（幂等键）', body: orderInputSchema, response: answers(savedSchema) } },
    async (request) => {
      const { scope, actor } = who(request);
      return runOnce(db, request, (tx) => createOrder(tx, scope, actor, request.body));
    },
  );

  app.post(
    '/api/purchase-sales/orders/:id',
    {
      ...merchant,
      schema: { tags, summary: '保存订单草稿（幂等键）', params: idParams, body: orderInputSchema, response: answers(savedSchema) },
    },
    async (request) => {
      const { scope, actor } = who(request);
      return runOnce(db, request, (tx) => updateDraft(tx, scope, actor, request.params.id, request.body));
    },
  );

  app.post(
    '/api/purchase-sales/orders/:id/confirm',
    { ...merchant, schema: { tags, summary: '确认订单（平台内对手须再确认）', params: idParams, response: answers(statusSchema) } },
    async (request) => {
      const { scope, actor } = who(request);
      return ok(await confirmOrder(db, scope, actor, request.params.id));
    },
  );

  app.post(
    '/api/purchase-sales/orders/:id/accept',
    { ...merchant, schema: { tags, summary: '交易对手确认订单', params: idParams, response: answers(statusSchema) } },
    async (request) => {
      const { scope, actor } = who(request);
      return ok(await answerOrder(db, scope, actor, request.params.id, true, null));
    },
  );

  app.post(
    '/api/purchase-sales/orders/:id/return',
    {
      ...merchant,
      schema: { tags, summary: '交易对手退回订单', params: idParams, body: reasonInputSchema, response: answers(statusSchema) },
    },
    async (request) => {
      const { scope, actor } = who(request);
      return ok(await answerOrder(db, scope, actor, request.params.id, false, request.body.reason ?? null));
    },
  );

  app.post(
    '/api/purchase-sales/orders/:id/fulfil',
    {
      ...merchant,
      schema: {
        tags,
        summary: '登记发货（卖方）或收货（买方），可按行部分登记（幂等键）',
        params: idParams,
        body: fulfilInputSchema,
        response: answers(fulfilledSchema),
      },
    },
    async (request) => {
      const { scope, actor } = who(request);
      return runOnce(db, request, (tx) => fulfilOrder(tx, scope, actor, request.params.id, request.body));
    },
  );

  app.post(
    '/api/purchase-sales/orders/:id/cancel',
    {
      ...merchant,
      schema: {
        tags,
        summary: '取消订单（发货/收货和付款之前）',
        params: idParams,
        body: reasonInputSchema,
        response: answers(statusSchema),
      },
    },
    async (request) => {
      const { scope, actor } = who(request);
      return ok(await cancelOrder(db, scope, actor, request.params.id, request.body.reason ?? null));
    },
  );

  app.post(
    '/api/purchase-sales/orders/:id/close',
    { ...merchant, schema: { tags, summary: '关闭已付清的订单', params: idParams, response: answers(statusSchema) } },
    async (request) => {
      const { scope, actor } = who(request);
      return ok(await closeOrder(db, scope, actor, request.params.id));
    },
  );

  app.post(
    '/api/purchase-sales/orders/:id/attachments',
    {
      ...merchant,
      schema: {
        tags,
        summary: '添加订单附件',
        params: idParams,
        body: z.object({ uploadIds: z.array(idSchema('附件')).min(1, '请上传附件').max(10) }),
        response: answers(doneSchema),
      },
    },
    async (request) => {
      const { scope, actor } = who(request);
      await addAttachments(db, scope, actor, request.params.id, request.body.uploadIds);
      return ok('附件已添加');
    },
  );

  app.get(
    '/api/purchase-sales/orders/:id/payment-quote',
    {
      ...merchant,
      schema: {
        tags,
        summary: '定向支付：应付金额、资金来源、手续费、可用收款方',
        params: idParams,
        response: answers(paymentQuoteSchema),
      },
    },
    async (request) => ok(await paymentQuote(db, who(request).scope, request.params.id, await fee())),
  );

  app.post(
    '/api/purchase-sales/orders/:id/pay',
    {
      ...merchant,
      schema: {
        tags,
        summary: '定向支付采购订单（先受控资金后可用资金，白名单收款方，需登录密码确认，幂等）',
        params: idParams,
        body: orderPaymentInputSchema,
        response: answers(paymentResultSchema),
      },
    },
    async (request) => {
      const { scope, actor } = who(request);
      const { payeeId, amount } = request.body;
      const key = requestIdempotencyKey(request);
      await confirmPassword({ db, cipher: ctx.cipher }, scope.userId, request.body.password);
      const charge = await fee();
      const { result } = await runIdempotent(
        db,
        { scope: idempotencyScopeOf(request), key, operation: 'order-payment', request: { orderId: request.params.id, payeeId, amount } },
        (tx) => payOrder(tx, scope, actor, request.params.id, { payeeId, amount, fee: charge }),
      );
      return ok(result);
    },
  );

  app.post(
    '/api/purchase-sales/orders/:id/collections',
    {
      ...merchant,
      schema: {
        tags,
        summary: '登记线下回款（卖方，幂等）',
        params: idParams,
        body: collectionInputSchema,
        response: answers(collectionSchema),
      },
    },
    async (request) => {
      const { scope, actor } = who(request);
      const key = requestIdempotencyKey(request);
      const { amount, note } = request.body;
      const { result } = await runIdempotent(
        db,
        {
          scope: idempotencyScopeOf(request),
          key,
          operation: 'order-collection',
          request: { orderId: request.params.id, amount, note: note ?? null },
        },
        (tx) => recordOfflineCollection(tx, scope, actor, request.params.id, { amount, note: note ?? null }),
      );
      return ok(result);
    },
  );

  app.get(
    '/api/purchase-sales/goods',
    { ...merchant, schema: { tags, summary: '商品目录', response: answers(z.array(catalogueItemSchema)) } },
    async (request) => ok(await listGoods(db, who(request).scope)),
  );

  app.post(
    '/api/purchase-sales/goods',
    { ...merchant, schema: { tags, summary: '添加商品到目录', body: catalogueInputSchema, response: answers(catalogueItemSchema) } },
    async (request) => ok(await addGoods(db, who(request).scope, request.body)),
  );

  app.get(
    '/api/purchase-sales/counterparties',
    {
      ...merchant,
      schema: {
        tags,
        summary: '按名称查找平台上的认证企业（交易对手）',
        querystring: z.object({ name: textSchema(60, '企业名称', { min: 2 }) }),
        response: answers(z.array(counterpartySchema)),
      },
    },
    async (request) => ok(await findCounterparties(db, who(request).scope, request.query.name)),
  );

  app.get(
    '/api/purchase-sales/financeable-orders',
    {
      ...merchant,
      schema: {
        tags,
        summary: '可用于订单融资的销售订单（订单融资页选择）',
        querystring: z.object({ creditLineId: idSchema('授信') }),
        response: answers(z.array(financeableOrderSchema)),
      },
    },
    async (request) => ok(await financeableOrders(db, who(request).scope, request.query.creditLineId)),
  );

  // Operators --------------------------------------------------------------------------------
  const operatorOf = (request: FastifyRequest) => ({
    id: request.user!.id,
    name: request.user!.displayName,
    ip: request.ip,
    enterpriseId: null,
  });

  app.get(
    '/api/bpm/purchase-sales/users',
    {
      ...operator,
      schema: {
        tags,
        summary: '购销管理开通情况（运营）',
        querystring: featureUserQuerySchema,
        response: answers(pageOf(featureUserSchema)),
      },
    },
    async (request) => {
      const r = await listFeatureUsers(db, request.query);
      return page(r.items, r.totalCount);
    },
  );

  app.post(
    '/api/bpm/purchase-sales/users/:id/feature',
    {
      ...operator,
      schema: {
        tags,
        summary: '开通或关闭用户的购销管理（运营，留痕）',
        params: idParams,
        body: featureSwitchInputSchema,
        response: answers(z.object({ id: z.number().int(), loginName: z.string(), enabled: z.boolean(), changedAt: z.string() })),
      },
    },
    async (request) => ok(await switchFeature(db, operatorOf(request), request.params.id, request.body.enabled, request.body.reason)),
  );

  app.get(
    '/api/bpm/purchase-sales/feature-log',
    {
      ...operator,
      schema: {
        tags,
        summary: '购销管理开关记录（运营）',
        querystring: z.object({ userId: idSchema('用户').optional() }),
        response: answers(z.array(featureLogSchema)),
      },
    },
    async (request) => ok(await featureLog(db, request.query.userId)),
  );

  app.get(
    '/api/bpm/purchase-sales/orders',
    {
      ...operator,
      schema: {
        tags,
        summary: '按订单号查找订单（运营登记回款）',
        querystring: z.object({ orderNo: textSchema(40, '订单号') }),
        response: answers(z.array(operatorOrderSchema)),
      },
    },
    async (request) => ok(await findOrdersByNo(db, scopeOf(request), request.query.orderNo)),
  );

  app.post(
    '/api/bpm/purchase-sales/orders/:id/collection',
    {
      ...operator,
      schema: {
        tags,
        summary: '登记订单回款：待另一位操作员复核（购销回款入账复核任务，通过后记入卖方虚拟账户，优先归还订单融资；运营，幂等）',
        params: idParams,
        body: operatorCollectionInputSchema,
        response: answers(factorCollectionSubmittedSchema),
      },
    },
    async (request) => {
      const key = requestIdempotencyKey(request);
      const { amount, payerName } = request.body;
      const { result } = await runIdempotent(
        db,
        {
          scope: idempotencyScopeOf(request),
          key,
          operation: 'order-factor-collection',
          request: { orderId: request.params.id, amount, payerName: payerName ?? null },
        },
        (tx) =>
          submitFactorCollection(tx, scopeOf(request), operatorOf(request), request.params.id, { amount, payerName: payerName ?? null }),
      );
      return ok(result);
    },
  );
};
