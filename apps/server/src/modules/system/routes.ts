import type { InitConfig } from '@factoring/domain';
import { answers, initConfigSchema, versionSchema } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { AppContext } from '../../app.ts';
import { readSiteConfig } from './site-config.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'OK', message: 'alive' }));

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await ctx.database.ping();
      return ok('ready');
    } catch {
      return reply.code(503).send({ status: 'ERROR', message: '数据库不可用' });
    }
  });

  app.get('/api/system/version', { schema: { tags: ['system'], summary: '服务端版本', response: answers(versionSchema) } }, async () =>
    ok(ctx.version),
  );

  app.get(
    '/api/initcfg',
    { schema: { tags: ['system'], summary: '站点配置（SPEC §3）', response: answers(initConfigSchema) } },
    async () => {
      const cfg = await readSiteConfig(ctx.database.db);
      return ok({
        factoringAccount: cfg.factoringAccount,
        secondAccount: cfg.secondAccount,
        virtualAccountBankName: cfg.virtualAccountBankName,
        fees: cfg.fees,
        contactPhone: cfg.contactPhone,
        address: cfg.address,
        companyIntro: cfg.companyIntro,
        embeds: cfg.embeds.map((e, index) => ({ index, title: e.title })),
      } satisfies InitConfig);
    },
  );
};
