import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answers,
  approveTaskBody,
  auditListQuery,
  auditPageSchema,
  doneSchema,
  idParams,
  operatorOverviewSchema,
  rejectTaskBody,
  taskDecisionSchema,
  taskDetailSchema,
  taskListQuery,
  taskPageSchema,
  taskTypesSchema,
} from '@factoring/domain/contract';
import { ok, page } from '../../lib/envelope.ts';
import type { AppContext } from '../../app.ts';
import type { TaskOperator } from './registry.ts';
import { operatorOverview } from './overview.ts';
import { claimTask, decideTask, getTask, listAudit, listTasks, releaseTask } from './tasks.ts';

function operatorOf(request: FastifyRequest): TaskOperator {
  return { id: request.user!.id, name: request.user!.displayName, ip: request.ip };
}

/** The operators' back office (PRODUCT §11). Every call needs the operator authority: 401 logged out, 403 for enterprise users. */
export const bpmRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const registry = ctx.tasks;
  const tags = ['bpm'];
  app.addHook('preHandler', app.requireUser('operator'));

  app.get('/api/bpm/taskTypes', { schema: { tags, summary: '任务类型', response: answers(taskTypesSchema) } }, async () =>
    ok(registry.list()),
  );

  app.get(
    '/api/bpm/overview',
    { schema: { tags, summary: '运营首页：各类待办、最久等待、今日放款与出款', response: answers(operatorOverviewSchema) } },
    async () => ok(await operatorOverview(db, registry)),
  );

  app.get(
    '/api/bpm/tasks',
    { schema: { tags, summary: '审批任务列表', querystring: taskListQuery, response: answers(taskPageSchema) } },
    async (request) => {
      const { mine, ...rest } = request.query;
      const result = await listTasks(
        db,
        registry,
        { ...rest, type: rest.type || undefined, enterpriseName: rest.enterpriseName || undefined, mine: mine === 'true' },
        request.user!.id,
      );
      return page(result.items, result.totalCount);
    },
  );

  app.get(
    '/api/bpm/tasks/:id',
    { schema: { tags, summary: '任务详情（提交数据、附件、处理历史）', params: idParams, response: answers(taskDetailSchema) } },
    async (request) => ok(await getTask(db, registry, request.params.id, operatorOf(request))),
  );

  app.post(
    '/api/bpm/tasks/:id/claim',
    { schema: { tags, summary: '领取任务', params: idParams, response: answers(doneSchema) } },
    async (request) => {
      await claimTask(db, registry, request.params.id, operatorOf(request));
      return ok('已领取该任务');
    },
  );

  app.post(
    '/api/bpm/tasks/:id/release',
    { schema: { tags, summary: '退回任务池', params: idParams, response: answers(doneSchema) } },
    async (request) => {
      await releaseTask(db, request.params.id, operatorOf(request));
      return ok('已退回任务池');
    },
  );

  app.post(
    '/api/bpm/tasks/:id/approve',
    { schema: { tags, summary: '审核通过', params: idParams, body: approveTaskBody, response: answers(taskDecisionSchema) } },
    async (request) => ok(await decideTask(db, registry, request.params.id, operatorOf(request), 'APPROVE', request.body?.comment || null)),
  );

  app.post(
    '/api/bpm/tasks/:id/reject',
    { schema: { tags, summary: '驳回（须填写原因）', params: idParams, body: rejectTaskBody, response: answers(taskDecisionSchema) } },
    async (request) => ok(await decideTask(db, registry, request.params.id, operatorOf(request), 'REJECT', request.body.reason)),
  );

  app.get(
    '/api/bpm/audit',
    { schema: { tags, summary: '审计日志', querystring: auditListQuery, response: answers(auditPageSchema) } },
    async (request) => {
      const result = await listAudit(db, registry, request.query);
      return page(result.items, result.totalCount);
    },
  );

  // Any other /api/bpm path: still behind the operator guard (403 for enterprise users), then 404.
  app.all('/api/bpm/*', { schema: { hide: true } }, async (request, reply) =>
    reply.code(404).send({ status: 'ERROR', message: `接口不存在：${request.method} ${request.url.split('?')[0]}` }),
  );
};
