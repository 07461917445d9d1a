import { systemApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import type { AppContext } from '../../context.ts';
import { eligibilityScope, isCloudLoanAllowed } from '../cloudloan/index.ts';
import { loadAllMenus, menusFor } from './visible-menus.ts';

export const menuRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, api.menus, async (request) => {
    const db = ctx.database.db;
    const [all, cloud] = await Promise.all([loadAllMenus(db), isCloudLoanAllowed(db, eligibilityScope(request))]);
    return ok(menusFor(all, request.user, cloud).map(({ id, name, route, bpid, mpid, icon }) => ({ id, name, route, bpid, mpid, icon })));
  });
};
