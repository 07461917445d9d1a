// The PS_FACTOR_COLLECTION task's live facts (task-types.ts), shown to the checker when the task is opened.
import { formatYuan, ORDER_STATUS_LABELS, outstandingOf } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { psOrders, type TaskField } from '../../db/schema/index.ts';
import type { BpmTask } from '../bpm/index.ts';
import type { FactorCollectionTaskData } from './collection.ts';

/** Live facts for the checker, read when the task is opened: the order as it stands now. */
export async function factorCollectionFacts(db: Db, task: BpmTask): Promise<TaskField[]> {
  const d = task.data as FactorCollectionTaskData;
  const [order] = await db.select().from(psOrders).where(eq(psOrders.id, d.orderId));
  if (!order) return [];
  return [
    { label: '订单当前状态', value: ORDER_STATUS_LABELS[order.status] },
    { label: '订单当前未收', value: `¥${formatYuan(outstandingOf(order))}` },
  ];
}
