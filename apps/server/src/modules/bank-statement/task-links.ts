import { chinaDate, formatYuan } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankStatementLines, type TaskField } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import type { BpmTask, DecisionHook } from '../bpm/index.ts';
import { link, receiptLine } from './matching/confirmation.ts';
import { reconcileDates } from './reconcile.ts';
import { bankCashAccountId, collectionAccount, lineInWords } from './store.ts';

/** The statement lines a task books (normally one). */
async function linesOf(db: Db | Tx, taskId: number) {
  return db.select().from(bankStatementLines).where(eq(bankStatementLines.taskId, taskId));
}

/**
 * What the operator deciding a deposit or a transfer voucher sees beside it: the statement line the
 * money arrived on — or, when none is linked, the unmatched credits of exactly the amount, or that
 * the imported statements show no such credit yet.
 */
async function statementFacts(db: Db, task: BpmTask): Promise<TaskField[]> {
  const linked = await linesOf(db, task.id);
  if (linked.length)
    return linked.flatMap((l) => [
      { label: '银行流水', value: lineInWords(l) },
      {
        label: '流水状态',
        value: l.status === 'PENDING' ? `已关联本任务（${l.matchLabel ?? ''}），待本次决定` : (l.matchLabel ?? l.status),
      },
    ]);
  const amount = Number((task.data as { amount?: unknown }).amount);
  if (!Number.isSafeInteger(amount) || amount <= 0) return [];
  const { accountNo } = await collectionAccount(db);
  const near = await db
    .select()
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.accountNo, accountNo),
        eq(bankStatementLines.status, 'UNMATCHED'),
        eq(bankStatementLines.direction, 'CREDIT'),
        eq(bankStatementLines.amount, amount),
      ),
    )
    .limit(3);
  if (near.length)
    return near.map((l, i) => ({
      label: `金额相同的未匹配流水${near.length > 1 ? `（${i + 1}）` : ''}`,
      value: `#${l.id} ${lineInWords(l)}（可在银行对账 → 异常流水中关联）`,
    }));
  return [{ label: '银行流水', value: `已导入的对账单中尚无 ¥${formatYuan(amount)} 的对应到账` }];
}

/**
 * The bank statement's hook of the inbox (listed once in app.ts): it concerns every type whose approval
 * receives a payment (`TaskType.receivesPayment`: deposits, transfer vouchers). The drawer shows the line
 * beside the task, and the task's own decision — unchanged — moves the line in the same transaction:
 * approved, the line is matched to the receipt the approval names (`DecisionEffect.received`); rejected,
 * it goes back to the exceptions with the reason.
 */
export const statementLinks: DecisionHook = {
  concerns: (t) => !!t.receivesPayment,
  describe: (db, _t, task) => statementFacts(db, task),
  approve: async (tx, _t, task, decide) => {
    const effect = await decide();
    const lines = (await linesOf(tx, task.id)).filter((l) => l.status === 'PENDING');
    if (!lines.length) return effect;
    const bankId = await bankCashAccountId(tx);
    const receipt = effect?.received?.entryId;
    const dates: string[] = [];
    for (const line of lines) {
      const booked = bankId === null || receipt === undefined ? null : await receiptLine(tx, bankId, receipt, line);
      await link(tx, line, { status: 'MATCHED', journalLineId: booked, decidedAt: now() });
      dates.push(line.bookDate, chinaDate(now()));
    }
    await reconcileDates(tx, dates);
    return effect;
  },
  reject: async (tx, t, task, reason, decide) => {
    const effect = await decide();
    const lines = (await linesOf(tx, task.id)).filter((l) => l.status === 'PENDING');
    for (const line of lines)
      await link(tx, line, {
        status: 'UNMATCHED',
        matchKind: null,
        taskId: null,
        matchLabel: null,
        suggestion: `${t.label}任务 #${task.id} 被驳回：${reason}`,
      });
    if (lines.length)
      await reconcileDates(
        tx,
        lines.map((l) => l.bookDate),
      );
    return effect;
  },
};
