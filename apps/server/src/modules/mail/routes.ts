import { mailApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { page } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import type { AppContext } from '../../context.ts';
import { listOutbox } from './outbox.ts';

export const mailRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, api.outbox, async (request) => {
    const { items, total } = await listOutbox(ctx.database.db, request.query);
    return page(items, total);
  });
};
