import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bpmTasks } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { offsetOf, type PageQuery } from '../../../lib/paging.ts';
import { type TaskState } from '@factoring/domain';
import type { TaskRegistry } from '../registry.ts';
import { assignee, decider, listColumns } from '../task-columns.ts';
import { labelsOf } from '../labels.ts';

export interface TaskFilter extends PageQuery {
  type?: string;
  state?: TaskState;
  enterpriseName?: string;
  mine?: boolean;
}

export async function listTasks(db: Db, registry: TaskRegistry, filter: TaskFilter, operatorId: number) {
  const where: SQL[] = [];
  if (filter.type) where.push(eq(bpmTasks.type, filter.type));
  if (filter.state) where.push(eq(bpmTasks.state, filter.state));
  if (filter.mine) where.push(eq(bpmTasks.assigneeId, operatorId));
  if (filter.enterpriseName)
    where.push(
      sql`lower(${enterpriseDirectory.name}) like ${`%${filter.enterpriseName.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    );
  const cond = where.length ? and(...where) : undefined;
  // Pending work oldest first (first in, first reviewed); decided work newest first.
  const order = filter.state === 'PENDING' ? [asc(bpmTasks.id)] : [desc(bpmTasks.id)];
  const [items, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(bpmTasks)
      .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, bpmTasks.enterpriseId))
      .leftJoin(assignee, eq(assignee.id, bpmTasks.assigneeId))
      .leftJoin(decider, eq(decider.id, bpmTasks.decidedBy))
      .where(cond)
      .orderBy(...order)
      .limit(filter.size)
      .offset(offsetOf(filter)),
    db
      .select({ total: count() })
      .from(bpmTasks)
      .leftJoin(enterpriseDirectory, eq(enterpriseDirectory.id, bpmTasks.enterpriseId))
      .where(cond),
  ]);
  return { items: items.map((t) => ({ ...t, ...labelsOf(registry, t) })), totalCount: total };
}
