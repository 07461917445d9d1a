import { formatYuan, type IsoDate } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import type { BpmTask, TaskOperator } from '../../bpm/index.ts';
import { openTranches, quoteOf } from '../queries/quote.ts';
import { factorScope, lockFinancing, operatorActor, recordEvent } from '../store.ts';
import { bookCollection } from './book-collection.ts';

/**
 * 回购 approved (issue 36, with recourse): the supplier's account pays what the financing owes today — through
 * the lending core's repayment, so the financing settles and its receivables are released (release notice,
 * registration due to cancel). The ledger refuses when its available funds fall short; the task then waits.
 */
export async function approveBuyback(tx: Tx, task: BpmTask, operator: TaskOperator, today: IsoDate) {
  const financingId = Number(task.data.financingId);
  const f = await lockFinancing(tx, factorScope(operator), financingId);
  const owed = quoteOf(f, await openTranches(tx, f.id, true), today).total;
  const booked = await bookCollection(tx, {
    financingId,
    kind: 'BUYBACK',
    amount: owed,
    payer: { name: null, accountNo: null },
    reference: `回购任务 #${task.id}`,
    sourceKey: `TASK:${task.id}`,
    today,
    actor: operatorActor(operator),
  });
  return {
    before: { owed },
    after: { boughtBack: booked.collection.amount, financingStatus: booked.status, refNo: booked.collection.refNo },
  };
}

/** Rejected: the buy-back is not made now (the reason in the financing's history); the next close of business asks again. */
export async function rejectBuyback(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const f = await lockFinancing(tx, factorScope(operator), Number(task.data.financingId));
  await recordEvent(tx, f.id, operatorActor(operator), '回购暂缓', `${reason}（尚欠 ${formatYuan(Number(task.data.owed ?? 0))} 元）`);
  return { before: { status: f.status }, after: { status: f.status } };
}
