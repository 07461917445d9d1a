import { answers, outboxPageSchema, pageQuerySchema } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { page } from '../../lib/envelope.ts';
import type { AppContext } from '../../app.ts';
import { listOutbox } from './outbox.ts';

export const mailRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/bpm/outbox',
    {
      schema: {
        tags: ['mail'],
        summary: '本地发件箱（未配置 SMTP 时的邮件，仅运营人员）',
        querystring: pageQuerySchema,
        response: answers(outboxPageSchema),
      },
      preHandler: app.requireUser('operator'),
    },
    async (request) => {
      const { items, total } = await listOutbox(ctx.database.db, request.query);
      return page(items, total);
    },
  );
};
