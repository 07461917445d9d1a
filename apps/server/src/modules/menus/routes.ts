import { answers, menuListSchema } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { AppContext } from '../../app.ts';
import { eligibilityScope, isCloudLoanAllowed } from '../cloudloan/eligibility.ts';
import { loadAllMenus, menusFor } from './visible-menus.ts';

export const menuRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/menus',
    { schema: { tags: ['system'], summary: '当前用户的菜单（未登录为公开菜单）', response: answers(menuListSchema) } },
    async (request) => {
      const db = ctx.database.db;
      const [all, cloud] = await Promise.all([loadAllMenus(db), isCloudLoanAllowed(db, eligibilityScope(request))]);
      return ok(menusFor(all, request.user, cloud).map(({ id, name, route, bpid, mpid, icon }) => ({ id, name, route, bpid, mpid, icon })));
    },
  );
};
