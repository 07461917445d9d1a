import { chinaDate, chinaStartOfDay, taskLifecycle } from '@factoring/domain';
import { and, asc, count, desc, eq, gte, inArray, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bpmTasks } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import type { TaskRegistry } from './registry.ts';
import * as clock from '../../lib/clock.ts';

/**
 * The operator's home page (PRODUCT §11): the pending queues by type with their oldest waiting
 * task, the oldest task overall, and today's executions (disbursements and pay-outs decided today,
 * China time) — the types that declare `executes`.
 */
export async function operatorOverview(db: Db, registry: TaskRegistry, now = clock.now()) {
  const queues = await db
    .select({ type: bpmTasks.type, count: count(), oldestAt: min(bpmTasks.createdAt) })
    .from(bpmTasks)
    .where(eq(bpmTasks.state, 'PENDING'))
    .groupBy(bpmTasks.type);
  const [oldest] = await db
    .select({
      id: bpmTasks.id,
      type: bpmTasks.type,
      subject: bpmTasks.subject,
      enterpriseName: enterpriseDirectory.name,
      createdAt: bpmTasks.createdAt,
    })
    .from(bpmTasks)
    .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, bpmTasks.enterpriseId))
    .where(eq(bpmTasks.state, 'PENDING'))
    .orderBy(asc(bpmTasks.createdAt), asc(bpmTasks.id))
    .limit(1);
  const executing = registry
    .list()
    .filter((t) => t.executes)
    .map((t) => t.type);
  const today = executing.length
    ? await db
        .select({ id: bpmTasks.id, type: bpmTasks.type, subject: bpmTasks.subject, state: bpmTasks.state, decidedAt: bpmTasks.decidedAt })
        .from(bpmTasks)
        .where(and(inArray(bpmTasks.type, executing), gte(bpmTasks.decidedAt, chinaStartOfDay(chinaDate(now)))))
        .orderBy(desc(bpmTasks.decidedAt))
        .limit(50)
    : [];
  const label = (type: string) => registry.find(type)?.label ?? type;
  return {
    queues: queues
      .map((q) => ({ type: q.type, label: label(q.type), count: Number(q.count), oldestAt: q.oldestAt ? new Date(q.oldestAt) : null }))
      .sort((a, b) => (a.oldestAt?.getTime() ?? 0) - (b.oldestAt?.getTime() ?? 0)),
    oldest: oldest ? { ...oldest, typeLabel: label(oldest.type) } : null,
    today: today.map((t) => ({
      id: t.id,
      type: t.type,
      typeLabel: label(t.type),
      subject: t.subject,
      executed: t.state === 'APPROVED',
      stateLabel:
        (t.state === 'APPROVED' ? registry.find(t.type)?.decisionLabels?.approve : registry.find(t.type)?.decisionLabels?.reject) ??
        taskLifecycle.label(t.state),
      decidedAt: t.decidedAt!,
    })),
  };
}
