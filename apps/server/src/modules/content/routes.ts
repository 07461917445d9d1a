import { contentApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError, ok } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import type { AppContext } from '../../context.ts';
import { readSiteConfig } from '../system/index.ts';
import { allFaqs, deleteFaq, publishedFaqs, saveFaq } from './faq.ts';

/** Public content: FAQ (from the database, edited by operators) and the configured embedded pages. */
export const contentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;

  serve(app, api.faq, async (request) => ok(await publishedFaqs(db, request.query.keyword)));
  serve(app, api.manageFaqs, async () => ok(await allFaqs(db)));
  serve(app, api.saveFaq, async (request) => ok(await saveFaq(db, request.body)));
  serve(app, api.deleteFaq, async (request) => {
    await deleteFaq(db, request.body.id);
    return ok('已删除');
  });

  serve(app, api.embed, async (request) => {
    const { embeds } = await readSiteConfig(db);
    const index = /^\d+$/.test(request.params.index) ? Number(request.params.index) : -1;
    const embed = embeds[index];
    // Only our own pages or https ones: never javascript:, data: or a protocol-relative address.
    const safe = embed && ((embed.url.startsWith('/') && !embed.url.startsWith('//')) || embed.url.startsWith('https://'));
    if (!safe) throw new NotFoundError('页面不存在');
    return ok({ index, title: embed.title, url: embed.url });
  });
};
