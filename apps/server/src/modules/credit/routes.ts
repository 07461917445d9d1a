import { answers, expiringCreditPageSchema, pageQuerySchema } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app.ts';
import { page } from '../../lib/envelope.ts';
import { scopeOf } from '../../lib/scope.ts';
import { todayChina, willExpire } from './credit-lines.ts';

/** SPEC §7: the two expiry reminders — supply-chain (SUPPLY) and pledge (PLEDGE) credit lines expiring within 30 days. */
export const creditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.get(
    '/api/credit/querywillexpire',
    {
      preHandler: app.requireUser(),
      schema: {
        tags: ['credit'],
        summary: '即将到期的供应链授信',
        querystring: pageQuerySchema,
        response: answers(expiringCreditPageSchema),
      },
    },
    async (request) => {
      // Operators belong to no enterprise: nothing expires for them (the reminder runs after every login).
      const scope = scopeOf(request);
      if (scope.kind !== 'enterprise') return page([], 0);
      const { items, totalCount } = await willExpire(db, scope, 'SUPPLY', request.query, todayChina());
      return page(items, totalCount);
    },
  );
  app.get(
    '/api/stockloan/credit/querywillexpire',
    {
      preHandler: app.requireUser(),
      schema: {
        tags: ['credit'],
        summary: '即将到期的货押授信',
        querystring: pageQuerySchema,
        response: answers(expiringCreditPageSchema),
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      if (scope.kind !== 'enterprise') return page([], 0);
      const { items, totalCount } = await willExpire(db, scope, 'PLEDGE', request.query, todayChina());
      return page(items, totalCount);
    },
  );
};
