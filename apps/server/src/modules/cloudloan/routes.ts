import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { AppContext } from '../../app.ts';
import { isCloudLoanAllowed } from './eligibility.ts';

export const cloudLoanRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/slccbprecredit/isAllowCcbLoan',
    { preHandler: app.requireUser(), schema: { tags: ['cloudloan'], summary: '是否可申请银行云贷' } },
    async (request) => ok(await isCloudLoanAllowed(ctx.database.db, request.user)),
  );
};
