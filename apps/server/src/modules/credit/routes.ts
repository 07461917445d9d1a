import { creditApi as api, type PageQuery } from '@factoring/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, page } from '../../lib/envelope.ts';
import { enterpriseScope, scopeOf } from '../../lib/scope.ts';
import { serve } from '../../lib/serve.ts';
import { myCreditLines, todayChina, willExpire } from './credit-lines.ts';

/** SPEC §7: the two expiry reminders — supply-chain (SUPPLY) and pledge (PLEDGE) credit lines expiring within 30 days. */
export const creditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  /** Operators belong to no enterprise: nothing expires for them (the reminder runs after every login). */
  const expiring = async (request: FastifyRequest, product: 'SUPPLY' | 'PLEDGE', query: PageQuery) => {
    const scope = scopeOf(request);
    if (scope.kind !== 'enterprise') return page([], 0);
    const { items, totalCount } = await willExpire(db, scope, product, query, todayChina());
    return page(items, totalCount);
  };
  serve(app, api.supplyWillExpire, (request) => expiring(request, 'SUPPLY', request.query));
  serve(app, api.pledgeWillExpire, (request) => expiring(request, 'PLEDGE', request.query));
  /** The home dashboard's credit card: supply-chain and pledge lines together (issue 24). */
  serve(app, api.myLines, async (request) => ok(await myCreditLines(db, enterpriseScope(request), todayChina())));
};
