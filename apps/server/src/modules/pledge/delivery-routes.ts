import {
  answers,
  deliveryPartyDisabledSchema,
  deliveryPartyListQuery,
  idParams,
  pledgeAddGoodsBody,
  pledgeAddGoodsQuoteSchema,
  pledgeAddGoodsResultSchema,
  pledgeAlertsSchema,
  pledgeCustomerBody,
  pledgeCustomerPageSchema,
  pledgeCustomerSchema,
  pledgeValueHistorySchema,
  signPersonBody,
  signPersonPageSchema,
  signPersonSchema,
} from '@factoring/domain/contract';
import { chinaDate } from '@factoring/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app.ts';
import { ok } from '../../lib/envelope.ts';
import { certifiedScope, enterpriseScope } from '../../lib/scope.ts';
import { idempotencyKeyOf, idempotencyScopeOf, runIdempotent } from '../ledger/idempotency.ts';
import { addGoodsQuote, addGoodsToPledge } from './add-goods.ts';
import { pledgeAlerts } from './alerts.ts';
import { addCustomer, disableCustomer, listCustomers } from './customers.ts';
import { addSignPerson, disableSignPerson, listSignPersons } from './sign-persons.ts';
import type { Actor } from './store.ts';
import { pledgeValueHistory } from './value-history.ts';

const actorOf = (request: FastifyRequest): Actor => ({ id: request.user!.id, name: request.user!.displayName, ip: request.ip });
const tags = ['pledge'];

/**
 * Delivery and risk of goods-pledge financing (issue 14): designated signers and downstream
 * customers who may receive released goods, adding goods to meet a margin call, the LTV alerts of
 * the dashboard and the reminder, and the collateral value over time. Registered by routes.ts.
 */
export const pledgeDeliveryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const merchant = app.requireUser('merchant');

  // ------------------------------------------------------------ designated signers
  app.get(
    '/api/pledge/sign-persons',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '指定签收人（身份证、手机号脱敏）',
        querystring: deliveryPartyListQuery,
        response: answers(signPersonPageSchema),
      },
    },
    async (request) => ok(await listSignPersons(db, enterpriseScope(request), request.query)),
  );
  app.post(
    '/api/pledge/sign-persons',
    { preHandler: merchant, schema: { tags, summary: '新增指定签收人', body: signPersonBody, response: answers(signPersonSchema) } },
    async (request) => ok(await addSignPerson(db, certifiedScope(request), actorOf(request), request.body, chinaDate())),
  );
  app.post(
    '/api/pledge/sign-persons/:id/disable',
    { preHandler: merchant, schema: { tags, summary: '停用指定签收人', params: idParams, response: answers(deliveryPartyDisabledSchema) } },
    async (request) => ok(await disableSignPerson(db, certifiedScope(request), request.params.id)),
  );

  // ------------------------------------------------------------ downstream customers
  app.get(
    '/api/pledge/customers',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '下游客户（可提取赎回货物）',
        querystring: deliveryPartyListQuery,
        response: answers(pledgeCustomerPageSchema),
      },
    },
    async (request) => ok(await listCustomers(db, enterpriseScope(request), request.query)),
  );
  app.post(
    '/api/pledge/customers',
    { preHandler: merchant, schema: { tags, summary: '新增下游客户', body: pledgeCustomerBody, response: answers(pledgeCustomerSchema) } },
    async (request) => ok(await addCustomer(db, certifiedScope(request), actorOf(request), request.body)),
  );
  app.post(
    '/api/pledge/customers/:id/disable',
    { preHandler: merchant, schema: { tags, summary: '停用下游客户', params: idParams, response: answers(deliveryPartyDisabledSchema) } },
    async (request) => ok(await disableCustomer(db, certifiedScope(request), request.params.id)),
  );

  // ------------------------------------------------------------ adding goods to meet a margin call
  app.get(
    '/api/pledge/financings/:id/add-goods',
    {
      preHandler: merchant,
      schema: { tags, summary: '补充质押货物：最少数量与同仓可用库存', params: idParams, response: answers(pledgeAddGoodsQuoteSchema) },
    },
    async (request) => ok(await addGoodsQuote(db, enterpriseScope(request), request.params.id)),
  );
  app.post(
    '/api/pledge/financings/:id/add-goods',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '补充质押货物代替补缴保证金（幂等键）',
        params: idParams,
        body: pledgeAddGoodsBody,
        response: answers(pledgeAddGoodsResultSchema),
      },
    },
    async (request) => {
      const scope = certifiedScope(request);
      const key = idempotencyKeyOf(request.headers['idempotency-key'], request.body.idempotencyKey);
      const { result } = await runIdempotent(
        db,
        {
          scope: idempotencyScopeOf(request),
          key,
          operation: 'pledge.addGoods',
          request: { financingId: request.params.id, lines: request.body.lines },
        },
        (tx) => addGoodsToPledge(tx, scope, request.params.id, actorOf(request), request.body),
      );
      return ok(result);
    },
  );

  // ------------------------------------------------------------ risk
  app.get(
    '/api/pledge/alerts',
    { preHandler: merchant, schema: { tags, summary: '质押率预警与待补缴保证金', response: answers(pledgeAlertsSchema) } },
    async (request) => ok(await pledgeAlerts(db, enterpriseScope(request))),
  );
  app.get(
    '/api/pledge/financings/:id/value-history',
    {
      preHandler: merchant,
      schema: { tags, summary: '质押物价值走势（含预警线、平仓线）', params: idParams, response: answers(pledgeValueHistorySchema) },
    },
    async (request) => ok(await pledgeValueHistory(db, enterpriseScope(request), request.params.id)),
  );
};
