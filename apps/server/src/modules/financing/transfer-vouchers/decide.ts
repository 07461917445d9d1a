// Deciding a transfer voucher (issue 35): four eyes in the inbox, one receipt booked by the core, the payment
// booked by the product's purpose, and the approval naming the receipt it booked.
import { depositEntry, transferVoucherLifecycle, type Cents } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { transferVouchers } from '../../../db/schema/index.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import type { BpmTask, DecisionEffect, TaskOperator, TaskType } from '../../bpm/index.ts';
import { postEntry, rule } from '../../ledger/index.ts';
import type { TransferVoucher, TransferVoucherPurpose } from './purpose.ts';

/** The task's voucher, its loan locked first (the product's lock order), then the voucher; refused unless waiting. */
async function lockVoucher(tx: Tx, purpose: TransferVoucherPurpose, task: BpmTask, operator: TaskOperator): Promise<TransferVoucher> {
  const [row] = await tx
    .select()
    .from(transferVouchers)
    .where(eq(transferVouchers.id, Number(task.refId)));
  if (!row || row.product !== purpose.product || row.purpose !== purpose.purpose) throw new NotFoundError('转账凭证不存在');
  await purpose.lockLoan(tx, row, operator);
  const [voucher] = await tx.select().from(transferVouchers).where(eq(transferVouchers.id, row.id)).for('update');
  if (voucher!.status !== 'PENDING')
    throw new BusinessError(`该转账凭证${transferVoucherLifecycle.label(voucher!.status)}，不能重复处理`, 'TRANSFER_VOUCHER_DECIDED');
  return voucher!;
}

/**
 * Approved: the transfer reached the factor's bank. Decided first (a product's own payment refuses while a voucher
 * of its purpose waits), the receipt is booked into the enterprise's available funds, and the purpose pays from it
 * — in the decision's transaction, so the purpose's refusal (the money is no longer due) changes nothing.
 */
export async function confirmTransferVoucher(
  tx: Tx,
  purpose: TransferVoucherPurpose,
  task: BpmTask,
  operator: TaskOperator,
): Promise<DecisionEffect> {
  const voucher = await lockVoucher(tx, purpose, task, operator);
  const confirmed = await transition(tx, transferVouchers, transferVoucherLifecycle, voucher, 'CONFIRMED', {
    decidedBy: operator.id,
    decidedAt: now(),
  });
  const receipt = await postEntry(
    tx,
    rule(() =>
      depositEntry({
        enterpriseId: voucher.enterpriseId,
        amount: voucher.amount as Cents,
        payer: { name: voucher.payerAccountName, accountNo: voucher.payerAccountNo },
        memo: purpose.receiptMemo(voucher),
      }),
    ),
    { createdBy: operator.id },
  );
  const booked = await purpose.book(tx, confirmed, receipt, operator);
  await tx
    .update(transferVouchers)
    .set({ entryId: receipt.entryId, refNo: booked.refNo ?? receipt.refNo })
    .where(eq(transferVouchers.id, voucher.id));
  return { before: booked.before, after: booked.after, received: { entryId: receipt.entryId } };
}

/** Rejected (the money did not arrive, or is no longer due): nothing moves; the enterprise sees the reason. */
export async function rejectTransferVoucher(
  tx: Tx,
  purpose: TransferVoucherPurpose,
  task: BpmTask,
  operator: TaskOperator,
  reason: string,
): Promise<DecisionEffect> {
  const voucher = await lockVoucher(tx, purpose, task, operator);
  const rejected = await transition(tx, transferVouchers, transferVoucherLifecycle, voucher, 'REJECTED', {
    reviewNote: reason,
    decidedBy: operator.id,
    decidedAt: now(),
  });
  const words = await purpose.rejected?.(tx, rejected, operator, reason);
  return { before: words?.before ?? { voucher: 'PENDING' }, after: words?.after ?? { voucher: 'REJECTED', reason } };
}

/** The inbox task type of a purpose: the submitter may not decide it (four eyes), and its approval receives a payment. */
export function transferVoucherTaskType(purpose: TransferVoucherPurpose): TaskType {
  return {
    type: purpose.taskType,
    label: purpose.taskLabel,
    receivesPayment: true,
    onApprove: (tx, task, operator) => confirmTransferVoucher(tx, purpose, task, operator),
    onReject: (tx, task, operator, reason) => rejectTransferVoucher(tx, purpose, task, operator, reason),
  };
}
