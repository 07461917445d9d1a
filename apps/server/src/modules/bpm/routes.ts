import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page } from '../../lib/envelope.ts';
import { pageQuery } from '../../lib/paging.ts';
import type { AppContext } from '../../app.ts';
import { listTaskTypes, type TaskOperator } from './registry.ts';
import { claimTask, decideTask, getTask, listAudit, listTasks, releaseTask } from './tasks.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

function operatorOf(request: FastifyRequest): TaskOperator {
  return { id: request.user!.id, name: request.user!.displayName, ip: request.ip };
}

/** The operators' back office (PRODUCT §11). Every call needs the operator authority: 401 logged out, 403 for enterprise users. */
export const bpmRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.addHook('preHandler', app.requireUser('operator'));

  app.get('/api/bpm/taskTypes', { schema: { tags: ['bpm'], summary: '任务类型' } }, async () => ok(listTaskTypes()));

  app.get(
    '/api/bpm/tasks',
    {
      schema: {
        tags: ['bpm'],
        summary: '审批任务列表',
        querystring: pageQuery.extend({
          type: z.string().trim().max(40).optional(),
          state: z.enum(['PENDING', 'APPROVED', 'REJECTED']).optional(),
          enterpriseName: z.string().trim().max(100).optional(),
          mine: z.enum(['true', 'false']).optional(),
        }),
      },
    },
    async (request) => {
      const { mine, ...rest } = request.query;
      const result = await listTasks(db, { ...rest, type: rest.type || undefined, enterpriseName: rest.enterpriseName || undefined, mine: mine === 'true' }, request.user!.id);
      return page(result.items, result.totalCount);
    },
  );

  app.get('/api/bpm/tasks/:id', { schema: { tags: ['bpm'], summary: '任务详情（提交数据、附件、处理历史）', params: idParams } }, async (request) =>
    ok(await getTask(db, request.params.id)),
  );

  app.post('/api/bpm/tasks/:id/claim', { schema: { tags: ['bpm'], summary: '领取任务', params: idParams } }, async (request) => {
    await claimTask(db, request.params.id, operatorOf(request));
    return ok('已领取该任务');
  });

  app.post('/api/bpm/tasks/:id/release', { schema: { tags: ['bpm'], summary: '退回任务池', params: idParams } }, async (request) => {
    await releaseTask(db, request.params.id, operatorOf(request));
    return ok('已退回任务池');
  });

  app.post(
    '/api/bpm/tasks/:id/approve',
    {
      schema: {
        tags: ['bpm'],
        summary: '审核通过',
        params: idParams,
        body: z.object({ comment: z.string().trim().max(500, '审核意见不能超过500个字符').optional() }).optional(),
      },
    },
    async (request) => {
      const comment = request.body?.comment || null;
      return ok(await decideTask(db, request.params.id, operatorOf(request), 'APPROVE', comment));
    },
  );

  app.post(
    '/api/bpm/tasks/:id/reject',
    {
      schema: {
        tags: ['bpm'],
        summary: '驳回（须填写原因）',
        params: idParams,
        body: z.object({ reason: z.string({ error: '请填写驳回原因' }).trim().min(2, '驳回原因至少2个字').max(500, '驳回原因不能超过500个字符') }),
      },
    },
    async (request) => ok(await decideTask(db, request.params.id, operatorOf(request), 'REJECT', request.body.reason)),
  );

  app.get(
    '/api/bpm/audit',
    {
      schema: {
        tags: ['bpm'],
        summary: '审计日志',
        querystring: pageQuery.extend({
          taskId: z.coerce.number().int().positive().optional(),
          action: z.enum(['SUBMIT', 'CLAIM', 'RELEASE', 'APPROVE', 'REJECT']).optional(),
        }),
      },
    },
    async (request) => {
      const result = await listAudit(db, request.query);
      return page(result.items, result.totalCount);
    },
  );

  // Any other /api/bpm path: still behind the operator guard (403 for enterprise users), then 404.
  app.all('/api/bpm/*', { schema: { hide: true } }, async (request, reply) =>
    reply.code(404).send({ status: 'ERROR', message: `接口不存在：${request.method} ${request.url.split('?')[0]}` }),
  );
};
