import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { withdrawals } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';

/** The withdrawal an operator decides (review, pay-out, failure), locked; refused once it is paid or failed. */
export async function lockPendingWithdrawal(tx: Tx, withdrawalId: number) {
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
  if (!w) throw new NotFoundError('提现记录不存在');
  if (w.status !== 'PENDING') throw new BusinessError(`该提现已处理（${w.status === 'PAID' ? '已出款' : '已失败'}），不能重复处理`);
  return w;
}
