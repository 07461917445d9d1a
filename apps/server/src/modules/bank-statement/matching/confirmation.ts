// A line's link (matching, part 3): what a line is recorded as, through its machine; the receipt line a
// decision booked; and the lines whose task was decided outside the linked decision, brought in step.
import { statementLineLifecycle } from '@factoring/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { bankStatementLines } from '../../../db/schema/index.ts';
import { now } from '../../../lib/clock.ts';
import { transition } from '../../../lib/transition.ts';
import { taskDirectory } from '../../bpm/index.ts';
import { journalLineDirectory } from '../../ledger/index.ts';
import { samePayer, type StatementLine } from '../store.ts';
import { notLinked, openLedgerLines } from './candidates.ts';

export type LinkUpdate = Partial<typeof bankStatementLines.$inferInsert>;

/** Records what a line is: a change of status through its machine (statementLineLifecycle), other fields as they are. */
export async function link(tx: Tx, line: Pick<StatementLine, 'id' | 'status'>, set: LinkUpdate): Promise<StatementLine> {
  const { status, ...rest } = set;
  if (status && status !== line.status) return transition(tx, bankStatementLines, statementLineLifecycle, line, status, rest);
  const [row] = await tx.update(bankStatementLines).set(rest).where(eq(bankStatementLines.id, line.id)).returning();
  return row!;
}

/**
 * Lines waiting on a task that was decided outside the linked decision (a voucher withdrawn when its
 * financing ended): approved → matched to the receipt it booked, otherwise back to the exceptions.
 */
export async function syncPendingLines(tx: Tx, bankId: number | null) {
  const waiting = await tx
    .select({ line: bankStatementLines, taskState: taskDirectory.state, taskReason: taskDirectory.reason })
    .from(bankStatementLines)
    .innerJoin(taskDirectory, eq(taskDirectory.id, bankStatementLines.taskId))
    .where(and(eq(bankStatementLines.status, 'PENDING'), sql`${taskDirectory.state} <> 'PENDING'`));
  for (const { line, taskState, taskReason } of waiting) {
    if (taskState === 'APPROVED' && bankId !== null) {
      const [receipt] = (await openLedgerLines(tx, bankId, line)).filter((e) =>
        samePayer(
          { name: line.counterpartyName, account: line.counterpartyAccount },
          { name: e.counterpartyName, account: e.counterpartyAccount },
        ),
      );
      await link(tx, line, { status: 'MATCHED', journalLineId: receipt?.id ?? null, decidedAt: now() });
    } else {
      await link(tx, line, {
        status: 'UNMATCHED',
        matchKind: null,
        taskId: null,
        matchLabel: null,
        suggestion: `关联的任务已${taskState === 'APPROVED' ? '通过' : '结束'}${taskReason ? `：${taskReason}` : ''}，请重新处理`,
      });
    }
  }
  return waiting.length;
}

/**
 * The line of a receipt entry (what a decision booked, by its id) on the factor's bank account that
 * a statement line of this amount and direction is: null when the receipt booked another amount.
 */
export async function receiptLine(tx: Tx, bankId: number, entryId: number, line: Pick<StatementLine, 'amount' | 'direction'>) {
  const [row] = await tx
    .select({ id: journalLineDirectory.id })
    .from(journalLineDirectory)
    .where(
      and(
        eq(journalLineDirectory.entryId, entryId),
        eq(journalLineDirectory.accountId, bankId),
        eq(journalLineDirectory.side, line.direction === 'CREDIT' ? 'D' : 'C'),
        eq(journalLineDirectory.amount, line.amount),
        notLinked(),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
