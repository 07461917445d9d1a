import { systemApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { ok } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import type { AppContext } from '../../context.ts';
import { proposeSiteConfig, SITE_CONFIG_SETTING } from './save-site-config.ts';
import { pendingProposal } from './settings-proposal.ts';
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

  serve(app, api.version, async () => ok(ctx.version));

  // Operators (/bpm/tasks → 站点配置): the configuration in force and its pending change; saving proposes
  // a change, which takes effect when another operator approves it (four eyes, settings-proposal.ts).
  serve(app, api.siteConfig, async () =>
    ok({ ...pick(await readSiteConfig(ctx.database.db)), pending: await pendingProposal(ctx.database.db, SITE_CONFIG_SETTING) }),
  );
  serve(app, api.saveSiteConfig, async (request) => ok(await proposeSiteConfig(ctx.database.db, actorOf(request), request.body)));

  serve(app, api.initConfig, async () => {
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
    });
  });
};
