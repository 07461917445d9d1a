import { chinaDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { paymentBatches, paymentBatchItems } from '../../../db/schema/index.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { refNoOf } from '../../ledger/index.ts';
import { ENTRY_KIND_LABELS } from '../matching/candidates.ts';
import { exportRefusalOf, payoutRows } from '../payouts.ts';

/**
 * A payment batch for the bank's corporate portal: every executed pay-out not yet sent, each with its
 * end-to-end reference (the bank reports it back on the statement's debit). A pay-out is in one batch
 * only (unique), so a second batch made at the same time takes the rest or nothing. A pay-out without
 * the payee's name, account or bank stays out (issue 37): answered in `refused` with its reason, still 待导出.
 */
export async function createPaymentBatch(tx: Tx, operatorId: number) {
  const { rows } = await payoutRows(tx, { status: 'EXECUTED' });
  // A line the bank would reject stays out of the file with its reason; the rest of the batch goes.
  const refused = rows.flatMap((r) => {
    const reason = exportRefusalOf(r);
    return reason ? [{ refNo: refNoOf(r.entryId, r.executedAt), payeeName: r.payeeName, reason }] : [];
  });
  const payable = rows.filter((r) => !exportRefusalOf(r));
  if (!payable.length) {
    if (refused.length)
      throw new BusinessError(`${refused.length} 笔待导出的出款不能放入付款文件：${refused[0].reason}`, 'BANK_PAYOUTS_REFUSED');
    throw new BusinessError('没有待导出的出款', 'BANK_NO_PAYOUTS');
  }
  const total = payable.reduce((s, r) => s + r.amount, 0);
  const [batch] = await tx
    .insert(paymentBatches)
    .values({ batchNo: `tmp-${crypto.randomUUID()}`, itemCount: payable.length, totalAmount: total, createdBy: operatorId })
    .returning();
  const batchNo = `FK${chinaDate(now()).replaceAll('-', '')}${String(batch.id).padStart(4, '0')}`;
  await tx.update(paymentBatches).set({ batchNo }).where(eq(paymentBatches.id, batch.id));
  await tx.insert(paymentBatchItems).values(
    payable.map((r, i) => ({
      batchId: batch.id,
      journalLineId: r.id,
      endToEndId: `${batchNo}${String(i + 1).padStart(4, '0')}`,
      amount: r.amount,
      payeeName: r.payeeName!,
      payeeAccount: r.payeeAccount!,
      payeeBank: r.payeeBank,
      memo: `${ENTRY_KIND_LABELS[r.kind] ?? r.kind} ${refNoOf(r.entryId, r.executedAt)}`,
    })),
  );
  return {
    id: batch.id,
    batchNo,
    itemCount: payable.length,
    totalAmount: total,
    paidCount: 0,
    createdByName: null,
    createdAt: batch.createdAt.toISOString(),
    refused,
  };
}
