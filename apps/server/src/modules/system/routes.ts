import type { InitConfig } from '@factoring/domain';
import { answers, initConfigSchema, siteConfigInput, siteConfigSchema, versionSchema } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { AppContext } from '../../app.ts';
import { saveSiteConfig } from './save-site-config.ts';
import { pick, readSiteConfig } from './site-config.ts';

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

  // Operators (/bpm/tasks → 站点配置): the whole configuration, and saving it (audited per key).
  const operatorOnly = { preHandler: app.requireUser('operator') };
  app.get(
    '/api/bpm/site-config',
    { ...operatorOnly, schema: { tags: ['bpm'], summary: '站点配置（运营人员）', response: answers(siteConfigSchema) } },
    async () => ok(pick(await readSiteConfig(ctx.database.db))),
  );
  app.post(
    '/api/bpm/site-config',
    {
      ...operatorOnly,
      schema: {
        tags: ['bpm'],
        summary: '保存站点配置（运营人员，逐项记入审计日志）',
        body: siteConfigInput,
        response: answers(siteConfigSchema),
      },
    },
    async (request) =>
      ok(await saveSiteConfig(ctx.database.db, { id: request.user!.id, name: request.user!.displayName, ip: request.ip }, request.body)),
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
