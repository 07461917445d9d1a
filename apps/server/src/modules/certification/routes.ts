import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page } from '../../lib/envelope.ts';
import { pageQuery } from '../../lib/paging.ts';
import { enterpriseOf } from '../../plugins/auth.ts';
import type { AppContext } from '../../app.ts';
import { registerTaskType } from '../bpm/registry.ts';
import { authenticationView, currentAuthentication, listAuthentications, visibleAuthentication } from './authentications.ts';
import { authenticationTaskType } from './decide-authentication.ts';
import { accountChangeBody, accountChangeInfo, accountChangeTaskType, submitAccountChange } from './settlement-account.ts';
import { saveDraft, submitAuthentication } from './submit-authentication.ts';
import { authenticationBody } from './validation.ts';

/** Enterprise real-name authentication (PRODUCT §4) and the bound settlement account. */
export const certificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  registerTaskType(authenticationTaskType);
  registerTaskType(accountChangeTaskType);

  app.get(
    '/api/authentication/current',
    { preHandler: app.requireUser('merchant'), schema: { tags: ['certification'], summary: '认证状态、可继续编辑的申请、虚拟账号与结算账户' } },
    async (request) => ok(await currentAuthentication(db, enterpriseOf(request))),
  );

  app.get(
    '/api/authentication/list',
    { preHandler: app.requireUser('merchant'), schema: { tags: ['certification'], summary: '本企业的认证申请', querystring: pageQuery } },
    async (request) => {
      const result = await listAuthentications(db, enterpriseOf(request), request.query);
      return page(result.items, result.totalCount);
    },
  );

  app.get(
    '/api/authentication/:id',
    {
      preHandler: app.requireUser(),
      schema: { tags: ['certification'], summary: '认证申请详情（本企业或运营人员）', params: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (request) => ok(await authenticationView(db, await visibleAuthentication(db, request.user!, request.params.id))),
  );

  app.post(
    '/api/authentication/draft',
    { preHandler: app.requireUser('merchant'), schema: { tags: ['certification'], summary: '保存认证草稿', body: authenticationBody } },
    async (request) => ok(await saveDraft(db, request.user!, request.body)),
  );

  app.post(
    '/api/authentication/submit',
    { preHandler: app.requireUser('merchant'), schema: { tags: ['certification'], summary: '提交认证（或驳回后重新提交）', body: authenticationBody } },
    async (request) => ok(await submitAuthentication(db, request.user!, request.body, request.ip)),
  );

  app.get(
    '/api/system/modifyAccountInfo',
    { preHandler: app.requireUser('merchant'), schema: { tags: ['certification'], summary: '当前绑定的结算账户与变更申请' } },
    async (request) => ok(await accountChangeInfo(db, enterpriseOf(request))),
  );

  app.post(
    '/api/system/modifyAccountInfo',
    { preHandler: app.requireUser('merchant'), schema: { tags: ['certification'], summary: '提交结算账户变更（运营审核）', body: accountChangeBody } },
    async (request) => ok(await submitAccountChange(db, request.user!, request.body, request.ip)),
  );
};
