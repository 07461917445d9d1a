// The waiting vouchers of every registered product, from the one table (issue 35): what the bank statement's
// matcher ties a credit to. The purposes come from the products app.ts registers; the core names none.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { transferVouchers } from '../../../db/schema/index.ts';
import { taskDirectory } from '../../bpm/index.ts';
import type { TransferVoucherBook, TransferVoucherPurpose } from './purpose.ts';

export function transferVoucherBook(purposes: readonly TransferVoucherPurpose[]): TransferVoucherBook {
  const key = (product: string, purpose: string) => `${product}\u0000${purpose}`;
  const byKey = new Map(purposes.map((p) => [key(p.product, p.purpose), p]));
  if (byKey.size !== purposes.length) throw new Error('transfer vouchers: a purpose of a product is registered twice');
  const taskTypes = [...new Set(purposes.map((p) => p.taskType))];
  return {
    async waiting(db, amount) {
      if (!purposes.length) return [];
      const rows = await db
        .select({ v: transferVouchers, taskId: taskDirectory.id })
        .from(transferVouchers)
        .leftJoin(
          taskDirectory,
          and(
            inArray(taskDirectory.type, taskTypes),
            eq(taskDirectory.refId, sql`${transferVouchers.id}::text`),
            eq(taskDirectory.state, 'PENDING'),
          ),
        )
        .where(and(eq(transferVouchers.status, 'PENDING'), amount === undefined ? undefined : eq(transferVouchers.amount, amount)))
        .orderBy(asc(transferVouchers.id))
        .limit(200);
      return rows.flatMap(({ v, taskId }) => {
        const purpose = byKey.get(key(v.product, v.purpose));
        // A voucher of a product no longer registered is nobody's to confirm: not a candidate.
        if (!purpose) return [];
        return [
          {
            source: v.product,
            id: v.id,
            references: [v.voucherNo, v.loanNo],
            label: `${purpose.label}凭证 ${v.voucherNo}（${v.loanNo}）`,
            amount: v.amount,
            payerAccountName: v.payerAccountName,
            payerAccountNo: v.payerAccountNo,
            taskId,
          },
        ];
      });
    },
  };
}
