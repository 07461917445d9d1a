import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountChangeInfoSchema,
  accountChangeInput,
  accountChangeSubmittedSchema,
  answers,
  authenticationInput,
  authenticationPageSchema,
  authenticationSchema,
  currentAuthenticationSchema,
  idParams,
  pageQuerySchema,
} from '@factoring/domain/contract';
import { ok, page } from '../../lib/envelope.ts';
import { certifiedScope, enterpriseScope, scopeOf } from '../../lib/scope.ts';
import type { AppContext } from '../../app.ts';
import { authenticationView, currentAuthentication, listAuthentications, visibleAuthentication } from './authentications.ts';
import { accountChangeInfo, submitAccountChange } from './settlement-account.ts';
import { saveDraft, submitAuthentication } from './submit-authentication.ts';

const submitterOf = (request: FastifyRequest) => ({ id: request.user!.id, name: request.user!.displayName, ip: request.ip });

/** Enterprise real-name authentication (PRODUCT §4) and the bound settlement account. */
export const certificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const merchant = { preHandler: app.requireUser('merchant') };
  const tags = ['certification'];

  app.get(
    '/api/authentication/current',
    {
      ...merchant,
      schema: { tags, summary: '认证状态、可继续编辑的申请、虚拟账号与结算账户', response: answers(currentAuthenticationSchema) },
    },
    async (request) => ok(await currentAuthentication(db, enterpriseScope(request))),
  );

  app.get(
    '/api/authentication/list',
    {
      ...merchant,
      schema: { tags, summary: '本企业的认证申请', querystring: pageQuerySchema, response: answers(authenticationPageSchema) },
    },
    async (request) => {
      const result = await listAuthentications(db, enterpriseScope(request), request.query);
      return page(result.items, result.totalCount);
    },
  );

  app.get(
    '/api/authentication/:id',
    {
      preHandler: app.requireUser(),
      schema: { tags, summary: '认证申请详情（本企业或运营人员）', params: idParams, response: answers(authenticationSchema) },
    },
    async (request) => ok(await authenticationView(db, await visibleAuthentication(db, scopeOf(request), request.params.id))),
  );

  app.post(
    '/api/authentication/draft',
    { ...merchant, schema: { tags, summary: '保存认证草稿', body: authenticationInput, response: answers(authenticationSchema) } },
    async (request) => ok(await saveDraft(db, enterpriseScope(request), request.body)),
  );

  app.post(
    '/api/authentication/submit',
    {
      ...merchant,
      schema: { tags, summary: '提交认证（或驳回后重新提交）', body: authenticationInput, response: answers(authenticationSchema) },
    },
    async (request) => ok(await submitAuthentication(db, enterpriseScope(request), submitterOf(request), request.body)),
  );

  app.get(
    '/api/system/modifyAccountInfo',
    { ...merchant, schema: { tags, summary: '当前绑定的结算账户与变更申请', response: answers(accountChangeInfoSchema) } },
    async (request) => ok(await accountChangeInfo(db, enterpriseScope(request))),
  );

  app.post(
    '/api/system/modifyAccountInfo',
    {
      ...merchant,
      schema: { tags, summary: '提交结算账户变更（运营审核）', body: accountChangeInput, response: answers(accountChangeSubmittedSchema) },
    },
    async (request) => ok(await submitAccountChange(db, certifiedScope(request), submitterOf(request), request.body)),
  );
};
