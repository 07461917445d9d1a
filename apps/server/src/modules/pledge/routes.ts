import {
  answers,
  goodsPriceBody,
  goodsPriceListSchema,
  pledgeReleaseOrderDeskQuery,
  pledgeReleaseOrderDeskSchema,
  goodsPricePreviewQuery,
  goodsPricePreviewSchema,
  goodsPriceSubmittedSchema,
  idParams,
  pledgeAppliedSchema,
  pledgeApplyBody,
  pledgeConfirmBody,
  pledgeFinancingDetailSchema,
  pledgeFinancingListQuery,
  pledgeFinancingPageSchema,
  pledgeMoneyResultSchema,
  pledgePlatformSchema,
  pledgeRedeemBody,
  pledgeRedeemResultSchema,
  pledgeRepayBody,
  pledgeRepayResultSchema,
  pledgeStockQuery,
  pledgeStockSchema,
  pledgeTrialBody,
  pledgeTrialSchema,
} from '@factoring/domain/contract';
import { chinaDate } from '@factoring/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app.ts';
import type { Tx } from '../../db/client.ts';
import { ok } from '../../lib/envelope.ts';
import { certifiedScope, enterpriseScope } from '../../lib/scope.ts';
import { confirmPassword } from '../auth/confirm-password.ts';
import { idempotencyScopeOf, requestIdempotencyKey, runIdempotent, runOnce } from '../ledger/idempotency.ts';
import { applyPledge } from './apply.ts';
import { cancelPledge } from './cancel.ts';
import { listPledges, pledgeDetail } from './list.ts';
import { pledgeableStock } from './my-stock.ts';
import { payMargin } from './pay-margin.ts';
import { pledgePlatforms } from './platforms.ts';
import { goodsPriceList } from './prices.ts';
import { previewGoodsPrice, submitGoodsPrice } from './record-price.ts';
import { redeemGoods } from './redeem.ts';
import { releaseOrderDesk } from './release-order-desk.ts';
import { repayPledge } from './repay.ts';
import { topUpMargin } from './top-up.ts';
import { pledgeTrial } from './trial.ts';
import { pledgePaymentRoutes } from './payment-routes.ts';
import { pledgeDeliveryRoutes } from './delivery-routes.ts';
import type { Actor } from './store.ts';

const actorOf = (request: FastifyRequest): Actor => ({ id: request.user!.id, name: request.user!.displayName, ip: request.ip });
const tags = ['pledge'];

/**
 * Goods-pledge financing (issue 14, PRODUCT §8). Enterprise routes read with `enterpriseScope` and
 * act with `certifiedScope`; every money movement is confirmed with the login password and runs
 * once per idempotency key. Operators record prices under /api/bpm/pledge; approvals and
 * disbursements are /bpm/tasks task types (task-types.ts).
 */
export const pledgeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const merchant = app.requireUser('merchant');
  const operator = app.requireUser('operator');
  await app.register(pledgePaymentRoutes, { ctx });
  await app.register(pledgeDeliveryRoutes, { ctx });

  app.get(
    '/api/pledge/platforms',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '质押融资平台（本企业授信、接受的货物、质押率与当前价格）',
        response: answers(z.array(pledgePlatformSchema)),
      },
    },
    async (request) => ok(await pledgePlatforms(db, enterpriseScope(request), chinaDate())),
  );
  app.get(
    '/api/pledge/stock',
    {
      preHandler: merchant,
      schema: { tags, summary: '本企业可质押的库存与仓单', querystring: pledgeStockQuery, response: answers(z.array(pledgeStockSchema)) },
    },
    async (request) => ok(await pledgeableStock(db, enterpriseScope(request), request.query)),
  );
  app.post(
    '/api/pledge/trial',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '融资试算（货值、最高可融资、保证金、利息、服务费）',
        body: pledgeTrialBody,
        response: answers(pledgeTrialSchema),
      },
    },
    async (request) => ok(await pledgeTrial(db, enterpriseScope(request), request.body, chinaDate())),
  );
  app.post(
    '/api/pledge/financings',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '申请质押融资（占用授信、质押货物；幂等键）',
        body: pledgeApplyBody,
        response: answers(pledgeAppliedSchema),
      },
    },
    async (request) => {
      const scope = certifiedScope(request);
      return runOnce(db, request, (tx) => applyPledge(tx, scope, actorOf(request), request.body, chinaDate()));
    },
  );
  app.get(
    '/api/pledge/financings',
    {
      preHandler: merchant,
      schema: { tags, summary: '我的质押融资', querystring: pledgeFinancingListQuery, response: answers(pledgeFinancingPageSchema) },
    },
    async (request) => ok(await listPledges(db, enterpriseScope(request), request.query)),
  );
  app.get(
    '/api/pledge/financings/:id',
    { preHandler: merchant, schema: { tags, summary: '质押融资详情', params: idParams, response: answers(pledgeFinancingDetailSchema) } },
    async (request) => ok(await pledgeDetail(db, enterpriseScope(request), request.params.id)),
  );
  app.post(
    '/api/pledge/financings/:id/cancel',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '取消申请（解除质押、退回授信与保证金）',
        params: idParams,
        response: answers(z.object({ id: z.number().int(), status: z.string() })),
      },
    },
    async (request) => ok(await cancelPledge(db, certifiedScope(request), request.params.id, actorOf(request))),
  );

  /** A money movement: the login password (unless `password` is false), then the work once per idempotency key. */
  async function once<R>(
    request: FastifyRequest,
    p: {
      id: number;
      body: { password?: string; idempotencyKey?: string };
      operation: string;
      fields?: Record<string, unknown>;
      password?: boolean;
    },
    work: (tx: Tx) => Promise<R>,
  ): Promise<R> {
    const scope = certifiedScope(request);
    const key = requestIdempotencyKey(request);
    if (p.password !== false) await confirmPassword({ db, cipher: ctx.cipher }, scope.userId, p.body.password);
    const { result } = await runIdempotent(
      db,
      { scope: idempotencyScopeOf(request), key, operation: p.operation, request: { financingId: p.id, ...p.fields } },
      work,
    );
    return result;
  }

  app.post(
    '/api/pledge/financings/:id/margin',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '账户缴纳保证金（登录密码确认，幂等键）',
        params: idParams,
        body: pledgeConfirmBody,
        response: answers(pledgeMoneyResultSchema),
      },
    },
    async (request) =>
      ok(
        await once(request, { id: request.params.id, body: request.body, operation: 'pledge.margin' }, (tx) =>
          payMargin(tx, certifiedScope(request), request.params.id, actorOf(request)),
        ),
      ),
  );
  app.post(
    '/api/pledge/financings/:id/top-up',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '补缴保证金（登录密码确认，幂等键）',
        params: idParams,
        body: pledgeConfirmBody,
        response: answers(pledgeMoneyResultSchema),
      },
    },
    async (request) =>
      ok(
        await once(request, { id: request.params.id, body: request.body, operation: 'pledge.topUp' }, (tx) =>
          topUpMargin(tx, certifiedScope(request), request.params.id, actorOf(request)),
        ),
      ),
  );
  app.post(
    '/api/pledge/financings/:id/repay',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '账户还款（登录密码确认，幂等键；还清即结清）',
        params: idParams,
        body: pledgeRepayBody,
        response: answers(pledgeRepayResultSchema),
      },
    },
    async (request) =>
      ok(
        await once(
          request,
          { id: request.params.id, body: request.body, operation: 'pledge.repay', fields: { amount: request.body.amount } },
          (tx) => repayPledge(tx, certifiedScope(request), request.params.id, actorOf(request), request.body.amount),
        ),
      ),
  );
  app.post(
    '/api/pledge/financings/:id/redeem',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '赎货（生成放货单，幂等键）',
        params: idParams,
        body: pledgeRedeemBody,
        response: answers(pledgeRedeemResultSchema),
      },
    },
    async (request) =>
      ok(
        await once(
          request,
          {
            id: request.params.id,
            body: request.body,
            operation: 'pledge.redeem',
            fields: { items: request.body.items, receiver: request.body.receiver },
            password: false,
          },
          (tx) => redeemGoods(tx, certifiedScope(request), request.params.id, actorOf(request), request.body),
        ),
      ),
  );

  // ------------------------------------------------------------ operators
  app.get(
    '/api/bpm/pledge/prices',
    { preHandler: operator, schema: { tags, summary: '质押货物价格表与历史', response: answers(goodsPriceListSchema) } },
    async () => ok(await goodsPriceList(db)),
  );
  app.get(
    '/api/bpm/pledge/release-orders',
    {
      preHandler: operator,
      schema: {
        tags,
        summary: '质押放货单（全部企业）及仓库执行情况',
        querystring: pledgeReleaseOrderDeskQuery,
        response: answers(pledgeReleaseOrderDeskSchema),
      },
    },
    async (request) => ok(await releaseOrderDesk(db, request.query)),
  );
  app.get(
    '/api/bpm/pledge/prices/preview',
    {
      preHandler: operator,
      schema: {
        tags,
        summary: '价格预演：新单价将使哪些质押融资超过预警线 / 平仓线、发出或调整哪些补缴通知（不改变任何数据）',
        querystring: goodsPricePreviewQuery,
        response: answers(goodsPricePreviewSchema),
      },
    },
    async (request) => ok(await previewGoodsPrice(db, request.query.goodsId, request.query.unitPrice)),
  );
  app.post(
    '/api/bpm/pledge/prices',
    {
      preHandler: operator,
      schema: {
        tags,
        summary: '录入货物价格（生成价格复核任务：另一位操作员通过后才生效并盯市；幂等键）',
        body: goodsPriceBody,
        response: answers(goodsPriceSubmittedSchema),
      },
    },
    async (request) => {
      const { goodsId, unitPrice, priceDate, source } = request.body;
      const { result } = await runIdempotent(
        db,
        {
          scope: idempotencyScopeOf(request),
          key: requestIdempotencyKey(request),
          operation: 'pledge.price',
          request: { goodsId, unitPrice, priceDate, source },
        },
        (tx) => submitGoodsPrice(tx, { id: request.user!.id, name: request.user!.displayName, ip: request.ip }, request.body),
      );
      return ok(result);
    },
  );
};
