import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app.ts';
import { page } from '../../lib/envelope.ts';
import { pageQuery } from '../../lib/paging.ts';
import { enterpriseOf } from '../../plugins/auth.ts';
import { todayChina, willExpire } from './credit-lines.ts';

/** SPEC §7: the two expiry reminders — supply-chain (SUPPLY) and pledge (PLEDGE) credit lines expiring within 30 days. */
export const creditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.get(
    '/api/credit/querywillexpire',
    { preHandler: app.requireUser(), schema: { tags: ['credit'], summary: '即将到期的供应链授信', querystring: pageQuery } },
    async (request) => {
      // Operators belong to no enterprise: nothing expires for them (the reminder runs after every login).
      if (!request.user?.enterpriseId) return page([], 0);
      const { items, totalCount } = await willExpire(db, enterpriseOf(request), 'SUPPLY', request.query, todayChina());
      return page(items, totalCount);
    },
  );
  app.get(
    '/api/stockloan/credit/querywillexpire',
    { preHandler: app.requireUser(), schema: { tags: ['credit'], summary: '即将到期的货押授信', querystring: pageQuery } },
    async (request) => {
      if (!request.user?.enterpriseId) return page([], 0);
      const { items, totalCount } = await willExpire(db, enterpriseOf(request), 'PLEDGE', request.query, todayChina());
      return page(items, totalCount);
    },
  );
};
