import { PLEDGE_VOUCHER_KIND_LABELS } from '@factoring/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { pledgeFinancings, pledgeVouchers } from '../../../db/schema/index.ts';
import { taskDirectory } from '../../bpm/index.ts';
import type { TransferVoucherSource } from '../../financing/index.ts';
import { PLEDGE_VOUCHER_TASK } from '../voucher-store.ts';

/**
 * The pledge's transfer vouchers waiting for an operator — margin, a margin call's top-up, a repayment —
 * with the task that confirms each: what the bank statement ties a credit to. A payer's remark may name
 * the voucher number or the financing number.
 */
export const pledgeTransferVouchers: TransferVoucherSource = {
  source: 'PLEDGE',
  async waiting(db, amount) {
    const rows = await db
      .select({
        id: pledgeVouchers.id,
        voucherNo: pledgeVouchers.voucherNo,
        kind: pledgeVouchers.kind,
        amount: pledgeVouchers.amount,
        payerAccountName: pledgeVouchers.payerAccountName,
        payerAccountNo: pledgeVouchers.payerAccountNo,
        financingNo: pledgeFinancings.financingNo,
        taskId: taskDirectory.id,
      })
      .from(pledgeVouchers)
      .innerJoin(pledgeFinancings, eq(pledgeFinancings.id, pledgeVouchers.financingId))
      .leftJoin(
        taskDirectory,
        and(
          inArray(taskDirectory.type, Object.values(PLEDGE_VOUCHER_TASK)),
          eq(taskDirectory.refId, sql`${pledgeVouchers.id}::text`),
          eq(taskDirectory.state, 'PENDING'),
        ),
      )
      .where(and(eq(pledgeVouchers.status, 'PENDING'), amount === undefined ? undefined : eq(pledgeVouchers.amount, amount)))
      .orderBy(asc(pledgeVouchers.id))
      .limit(200);
    return rows.map((v) => ({
      source: 'PLEDGE',
      id: v.id,
      references: [v.voucherNo, v.financingNo],
      label: `${PLEDGE_VOUCHER_KIND_LABELS[v.kind]}凭证 ${v.voucherNo}（${v.financingNo}）`,
      amount: v.amount,
      payerAccountName: v.payerAccountName,
      payerAccountNo: v.payerAccountNo,
      taskId: v.taskId,
    }));
  },
};
