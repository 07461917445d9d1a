import { formatYuan, type IsoDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pledgeFinancings, type TaskField } from '../../db/schema/index.ts';
import { pledgeOwedOn } from './balance.ts';

/** Live in the follow-up task's drawer: the margin held, what is owed today, and what approving applies. */
export async function marginApplicationFacts(db: Db, financingId: number, today: IsoDate): Promise<TaskField[]> {
  const [f] = await db.select().from(pledgeFinancings).where(eq(pledgeFinancings.id, financingId));
  if (!f) return [];
  const held = f.marginPaid + f.topUpMargin;
  const owed = pledgeOwedOn(f, today);
  return [
    { label: '在押保证金（元）', value: formatYuan(held) },
    { label: '今日应还合计（元）', value: formatYuan(owed.total) },
    { label: '通过后抵扣（元）', value: f.defaulted ? formatYuan(Math.min(held, owed.total)) : '未违约，不抵扣' },
  ];
}
