import { formatYuan, statementLineLifecycle } from '@factoring/domain';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { bankStatementLines, bankStatements, type TaskField } from '../../../db/schema/index.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { createTask, type BpmTask, type TaskType } from '../../bpm/index.ts';
import type { Submitter } from '../../funds/index.ts';
import { reconcileStatementDays } from '../reconcile.ts';

/** The inbox type of a statement's void (作废): entered by one operator, carried out by another's approval. */
export const STATEMENT_VOID_TASK_TYPE = 'BANK_STATEMENT_VOID';

interface VoidTaskData {
  statementId: number;
  statementNo: string;
  reason: string;
}

/** The statement's lines that are no longer waiting as exceptions (matched, pending a task, explained), by status. */
async function handledLines(db: Db | Tx, statementId: number) {
  return db
    .select({ status: bankStatementLines.status, n: count() })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.statementId, statementId), ne(bankStatementLines.status, 'UNMATCHED')))
    .groupBy(bankStatementLines.status);
}

const handledInWords = (rows: Awaited<ReturnType<typeof handledLines>>) =>
  rows.map((r) => `${statementLineLifecycle.label(r.status)} ${Number(r.n)} 笔`).join('、');

/** Refuses a statement that is voided already or has a line someone acted on (a void must change no booking). */
async function assertVoidable(db: Db | Tx, s: typeof bankStatements.$inferSelect) {
  if (s.voidedAt) throw new BusinessError(`对账单 ${s.statementNo} 已作废`, 'BANK_STATEMENT_VOIDED');
  const handled = await handledLines(db, s.id);
  if (handled.length)
    throw new BusinessError(
      `对账单 ${s.statementNo} 的流水已有处理（${handledInWords(handled)}），不能作废：请先驳回关联的复核任务或撤销说明，使流水回到未匹配`,
      'BANK_STATEMENT_MATCHED',
    );
}

/**
 * An operator asks to void a wrongly imported statement (the wrong file, the wrong format): a
 * BANK_STATEMENT_VOID task for a second operator. Refused now when a line is already matched, pending
 * a task or explained; the approval checks again.
 */
export async function requestStatementVoid(tx: Tx, by: Submitter, statementId: number, reason: string) {
  const [s] = await tx.select().from(bankStatements).where(eq(bankStatements.id, statementId));
  if (!s) throw new NotFoundError('对账单不存在');
  await assertVoidable(tx, s);
  const data: VoidTaskData = { statementId: s.id, statementNo: s.statementNo, reason };
  const taskId = await createTask(tx, {
    type: STATEMENT_VOID_TASK_TYPE,
    subject: `作废对账单：${s.statementNo}（${s.periodStart} 至 ${s.periodEnd}）`,
    enterpriseId: null,
    refId: s.id,
    submittedBy: by,
    data: { ...data },
    fields: [
      { label: '对账单', value: `${s.statementNo} · ${s.fileName}` },
      { label: '期间', value: `${s.periodStart} 至 ${s.periodEnd}` },
      { label: '期初/期末余额', value: `¥${formatYuan(s.openingBalance)} / ¥${formatYuan(s.closingBalance)}` },
      { label: '流水', value: `${s.lineCount} 笔（本单新增 ${s.added} 笔，作废后删除）` },
      { label: '作废原因', value: reason },
    ],
  });
  return { taskId, statementId: s.id, statementNo: s.statementNo };
}

/**
 * The void, when a second operator approves it: the statement's own lines are removed (none may be
 * matched by then), it is marked voided and covers no day any more, its days are reconciled again, and
 * its file can be imported again. The audit row records the statement before and after.
 */
export const BANK_STATEMENT_TASK_TYPES: TaskType[] = [
  {
    type: STATEMENT_VOID_TASK_TYPE,
    label: '对账单作废',
    decisionLabels: { approve: '同意作废', reject: '驳回' },
    describe: async (db: Db, task: BpmTask): Promise<TaskField[]> => {
      const { statementId } = task.data as unknown as VoidTaskData;
      const [s] = await db.select().from(bankStatements).where(eq(bankStatements.id, statementId));
      if (!s) return [{ label: '对账单', value: '不存在' }];
      if (s.voidedAt) return [{ label: '对账单状态', value: '已作废' }];
      const handled = await handledLines(db, s.id);
      return [
        {
          label: '流水处理情况',
          value: handled.length ? `已有处理：${handledInWords(handled)}，不能作废` : '全部未匹配，可以作废',
        },
      ];
    },
    onApprove: async (tx, task, operator) => {
      const { statementId, reason } = task.data as unknown as VoidTaskData;
      const [s] = await tx.select().from(bankStatements).where(eq(bankStatements.id, statementId)).for('update');
      if (!s) throw new NotFoundError('对账单不存在');
      await assertVoidable(tx, s);
      const removed = await tx
        .delete(bankStatementLines)
        .where(eq(bankStatementLines.statementId, s.id))
        .returning({ id: bankStatementLines.id });
      const at = now();
      await tx.update(bankStatements).set({ voidedAt: at, voidedBy: operator.id, voidReason: reason }).where(eq(bankStatements.id, s.id));
      await reconcileStatementDays(tx, s.accountNo, s.periodStart, s.periodEnd);
      return {
        before: { statementNo: s.statementNo, fileSha256: s.fileSha256, lines: removed.length, voided: false },
        after: { statementNo: s.statementNo, voided: true, voidedAt: at.toISOString(), reason, removedLines: removed.length },
      };
    },
    onReject: async () => {},
  },
];
