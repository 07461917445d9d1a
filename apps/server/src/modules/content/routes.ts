import {
  answers,
  doneSchema,
  embedParams,
  embedSchema,
  faqDeleteBody,
  faqGroupsSchema,
  faqInput,
  faqQuery,
  faqSchema,
} from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError, ok } from '../../lib/envelope.ts';
import type { AppContext } from '../../app.ts';
import { readSiteConfig } from '../system/site-config.ts';
import { allFaqs, deleteFaq, publishedFaqs, saveFaq } from './faq.ts';

/** Public content: FAQ (from the database, edited by operators) and the configured embedded pages. */
export const contentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;

  app.get(
    '/api/content/faq',
    {
      schema: { tags: ['content'], summary: '常见问题（分组，可按关键字搜索）', querystring: faqQuery, response: answers(faqGroupsSchema) },
    },
    async (request) => ok(await publishedFaqs(db, request.query.keyword)),
  );

  app.get(
    '/api/content/faq/manage',
    {
      schema: { tags: ['content'], summary: '全部常见问题（含未发布，运营人员）', response: answers(z.array(faqSchema)) },
      preHandler: app.requireUser('operator'),
    },
    async () => ok(await allFaqs(db)),
  );

  app.post(
    '/api/content/faq/save',
    {
      schema: { tags: ['content'], summary: '新增或修改常见问题（运营人员）', body: faqInput, response: answers(faqSchema) },
      preHandler: app.requireUser('operator'),
    },
    async (request) => ok(await saveFaq(db, request.body)),
  );

  app.post(
    '/api/content/faq/delete',
    {
      schema: { tags: ['content'], summary: '删除常见问题（运营人员）', body: faqDeleteBody, response: answers(doneSchema) },
      preHandler: app.requireUser('operator'),
    },
    async (request) => {
      await deleteFaq(db, request.body.id);
      return ok('已删除');
    },
  );

  app.get(
    '/api/content/embed/:index',
    { schema: { tags: ['content'], summary: '嵌入页面（按序号取配置列表中的一项）', params: embedParams, response: answers(embedSchema) } },
    async (request) => {
      const { embeds } = await readSiteConfig(db);
      const index = /^\d+$/.test(request.params.index) ? Number(request.params.index) : -1;
      const embed = embeds[index];
      // Only our own pages or https ones: never javascript:, data: or a protocol-relative address.
      const safe = embed && ((embed.url.startsWith('/') && !embed.url.startsWith('//')) || embed.url.startsWith('https://'));
      if (!safe) throw new NotFoundError('页面不存在');
      return ok({ index, title: embed.title, url: embed.url });
    },
  );
};
