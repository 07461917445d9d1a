import type { VoucherInput } from '@factoring/domain/contract';
import { depositEntry, formatYuan, repaymentLifecycle, type Cents, type IsoDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { repayments } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { createTask, type BpmTask, type TaskOperator } from '../../bpm/index.ts';
import { rule, postRepayment, postEntry } from '../../ledger/index.ts';
import { applyPayment } from './apply-payment.ts';
import { openTranches, quoteOf } from '../queries/quote.ts';
import { factorScope, lockFinancing, operatorActor, recordEvent, TASK, type Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';
import { ownUploads } from '../../uploads/index.ts';

/** An offline transfer to the factor's receiving account: recorded with its voucher, confirmed by an operator (REPAYMENT_VOUCHER). */
export async function submitVoucher(
  db: Db,
  scope: EnterpriseScope,
  financingId: number,
  actor: Actor,
  input: VoucherInput,
  today: IsoDate,
) {
  const { enterpriseId } = scope;
  return db.transaction(async (tx) => {
    const f = await lockFinancing(tx, scope, financingId);
    if (f.status !== 'DISBURSED' && f.status !== 'REPAYING') throw new BusinessError('该融资当前不在还款期');
    const [file] = await ownUploads(tx, scope, [input.voucherUploadId]);
    if (!file) throw new BusinessError('转账凭证不存在，请重新上传');
    const quote = quoteOf(f, await openTranches(tx, f.id, false), today);
    if (input.amount > quote.total) throw new BusinessError(`还款金额超过应还总额 ${formatYuan(quote.total)} 元`);
    const [row] = await tx
      .insert(repayments)
      .values({
        financingId: f.id,
        enterpriseId,
        method: 'OFFLINE',
        amount: input.amount,
        status: 'PENDING',
        voucherUploadId: input.voucherUploadId,
        payerAccountName: input.payerAccountName,
        payerAccountNo: input.payerAccountNo,
        repayDate: today,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new BusinessError('该融资已有待确认的线下还款凭证，请等待确认后再提交');
    const [enterprise] = await tx
      .select({ name: enterpriseDirectory.name })
      .from(enterpriseDirectory)
      .where(eq(enterpriseDirectory.id, enterpriseId));
    await createTask(tx, {
      type: TASK.REPAYMENT_VOUCHER,
      subject: `线下还款确认 ${f.financingNo} ${formatYuan(input.amount)} 元`,
      enterpriseId,
      refId: row.id,
      data: { repaymentId: row.id, financingId: f.id, amount: input.amount },
      fields: [
        { label: '融资编号', value: f.financingNo },
        { label: '企业', value: enterprise?.name ?? '' },
        { label: '还款金额（元）', value: formatYuan(input.amount) },
        { label: '付款账户名称', value: input.payerAccountName },
        { label: '付款账号', value: input.payerAccountNo },
        { label: '提交时应还总额（元）', value: formatYuan(quote.total) },
      ],
      attachments: [{ uploadId: input.voucherUploadId, label: '转账凭证' }],
      submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
    });
    await recordEvent(tx, f.id, actor, '提交线下还款凭证', `金额 ${formatYuan(input.amount)} 元，待确认`);
    return { repaymentId: row.id, status: 'PENDING' as const };
  });
}

async function lockVoucher(tx: Tx, task: BpmTask, operator: TaskOperator) {
  const [row] = await tx
    .select()
    .from(repayments)
    .where(eq(repayments.id, Number(task.refId)));
  if (!row) throw new NotFoundError('还款记录不存在');
  const f = await lockFinancing(tx, factorScope(operator), row.financingId);
  const [locked] = await tx.select().from(repayments).where(eq(repayments.id, row.id)).for('update');
  if (locked.status !== 'PENDING') throw new BusinessError('该还款凭证已处理');
  return { repayment: locked, financing: f };
}

/**
 * REPAYMENT_VOUCHER approved: the transfer arrived at the factor's bank — it is booked as a receipt
 * into the enterprise's account and at once applied as a repayment, so the ledger shows both.
 */
export async function approveVoucher(tx: Tx, task: BpmTask, operator: TaskOperator, today: IsoDate) {
  const { repayment, financing } = await lockVoucher(tx, task, operator);
  const actor = operatorActor(operator);
  const receipt = await postEntry(
    tx,
    rule(() =>
      depositEntry({
        enterpriseId: financing.enterpriseId,
        amount: repayment.amount as Cents,
        payer: { name: repayment.payerAccountName, accountNo: repayment.payerAccountNo },
        memo: `${financing.financingNo} 线下还款`,
      }),
    ),
    { createdBy: operator.id },
  );
  const applied = await applyPayment(tx, financing, repayment.amount, today, actor);
  const posted = await postRepayment(tx, {
    enterpriseId: financing.enterpriseId,
    principal: applied.principal as Cents,
    interest: applied.interest as Cents,
    penalty: applied.penalty as Cents,
    sourceRef: financing.financingNo,
    createdBy: operator.id,
  });
  await transition(tx, repayments, repaymentLifecycle, repayment, 'CONFIRMED', {
    principal: applied.principal,
    interest: applied.interest,
    penalty: applied.penalty,
    allocations: applied.allocations,
    entryId: posted.entryId,
    refNo: posted.refNo,
    repayDate: today,
    confirmedBy: operator.id,
    confirmedAt: now(),
  });
  return {
    before: { status: 'PENDING' },
    after: {
      status: 'CONFIRMED',
      principal: applied.principal,
      interest: applied.interest,
      penalty: applied.penalty,
      interestRefund: applied.interestRefund,
      financingStatus: applied.status,
    },
    received: { entryId: receipt.entryId },
  };
}

export async function rejectVoucher(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const { repayment, financing } = await lockVoucher(tx, task, operator);
  await transition(tx, repayments, repaymentLifecycle, repayment, 'REJECTED', {
    reviewNote: reason,
    confirmedBy: operator.id,
    confirmedAt: now(),
  });
  await recordEvent(tx, financing.id, operatorActor(operator), '线下还款凭证驳回', reason);
  return { before: { status: 'PENDING' }, after: { status: 'REJECTED' } };
}
