import { and, asc, eq, sql } from 'drizzle-orm';
import { financings, repayments } from '../../../db/schema/index.ts';
import { taskDirectory } from '../../bpm/index.ts';
import type { TransferVoucherSource } from '../../financing/index.ts';
import { TASK } from '../store.ts';

/**
 * The supply loan's offline repayments waiting for an operator (线下还款凭证), with the task that confirms
 * each: what the bank statement ties a credit to. A payer's remark may name the financing number.
 */
export const supplyLoanTransferVouchers: TransferVoucherSource = {
  source: 'SUPPLY_REPAYMENT',
  async waiting(db, amount) {
    const rows = await db
      .select({
        id: repayments.id,
        amount: repayments.amount,
        payerAccountName: repayments.payerAccountName,
        payerAccountNo: repayments.payerAccountNo,
        financingNo: financings.financingNo,
        taskId: taskDirectory.id,
      })
      .from(repayments)
      .innerJoin(financings, eq(financings.id, repayments.financingId))
      .leftJoin(
        taskDirectory,
        and(
          eq(taskDirectory.type, TASK.REPAYMENT_VOUCHER),
          eq(taskDirectory.refId, sql`${repayments.id}::text`),
          eq(taskDirectory.state, 'PENDING'),
        ),
      )
      .where(
        and(
          eq(repayments.method, 'OFFLINE'),
          eq(repayments.status, 'PENDING'),
          amount === undefined ? undefined : eq(repayments.amount, amount),
        ),
      )
      .orderBy(asc(repayments.id))
      .limit(200);
    return rows.map((r) => ({
      source: 'SUPPLY_REPAYMENT',
      id: r.id,
      references: [r.financingNo],
      label: `线下还款凭证 #${r.id}（${r.financingNo}）`,
      amount: r.amount,
      payerAccountName: r.payerAccountName ?? '',
      payerAccountNo: r.payerAccountNo ?? '',
      taskId: r.taskId,
    }));
  },
};
