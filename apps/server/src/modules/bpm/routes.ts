import { bpmApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { ok, page } from '../../lib/envelope.ts';
import { useAuditTrail } from '../../lib/audit-trail.ts';
import { serve } from '../../lib/serve.ts';
import type { AppContext } from '../../context.ts';
import { operatorOverview } from './overview.ts';
import { auditedOperations } from './audited-operations.ts';
import { auditFilterChoices, auditTrail, listAudit } from './audit.ts';
import { claimTask, releaseTask } from './operations/claim-task.ts';
import { decideTask } from './operations/decide-task.ts';
import { getTask } from './queries/get-task.ts';
import { listTasks } from './queries/list-tasks.ts';

/** The operators' back office (PRODUCT §11). Every call needs the operator authority: 401 logged out, 403 for enterprise users. */
export const bpmRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const registry = ctx.tasks;
  // The audit trail of every operator call (lib/serve.ts records, this area writes).
  useAuditTrail(app, auditTrail(db));
  const operations = auditedOperations();

  serve(app, api.taskTypes, async () => ok(registry.list()));
  serve(app, api.overview, async () => ok(await operatorOverview(db, registry)));

  serve(app, api.tasks, async (request) => {
    const { mine, ...rest } = request.query;
    const result = await listTasks(
      db,
      registry,
      { ...rest, type: rest.type || undefined, enterpriseName: rest.enterpriseName || undefined, mine: mine === 'true' },
      request.user!.id,
    );
    return page(result.items, result.totalCount);
  });

  serve(app, api.task, async (request) => ok(await getTask(db, registry, request.params.id, actorOf(request))));

  serve(app, api.claim, async (request) => {
    await claimTask(db, registry, request.params.id, actorOf(request));
    return ok('已领取该任务');
  });

  serve(app, api.release, async (request) => {
    await releaseTask(db, request.params.id, actorOf(request));
    return ok('已退回任务池');
  });

  serve(app, api.approve, async (request) =>
    ok(await decideTask(db, registry, request.params.id, actorOf(request), 'APPROVE', request.body?.comment || null)),
  );

  serve(app, api.reject, async (request) =>
    ok(await decideTask(db, registry, request.params.id, actorOf(request), 'REJECT', request.body.reason)),
  );

  serve(app, api.audit, async (request) => {
    const q = request.query;
    const result = await listAudit(db, registry, {
      ...q,
      operation: q.operation || undefined,
      startDate: q.startDate || undefined,
      endDate: q.endDate || undefined,
    });
    return page(result.items, result.totalCount);
  });

  serve(app, api.auditFilters, async () => ok(await auditFilterChoices(db, operations)));

  // Any other /api/bpm path: still behind the operator guard (403 for enterprise users), then 404.
  app.all('/api/bpm/*', { preHandler: app.requireUser('operator'), schema: { hide: true } }, async (request, reply) =>
    reply.code(404).send({ status: 'ERROR', message: `接口不存在：${request.method} ${request.url.split('?')[0]}` }),
  );
};
