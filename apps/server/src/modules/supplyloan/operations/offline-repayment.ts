import type { VoucherInput } from '@factoring/domain/contract';
import { formatYuan, type Cents, type IsoDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { repayments } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { chinaToday, now } from '../../../lib/clock.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import type { TaskOperator } from '../../bpm/index.ts';
import { submitTransferVoucher, type PurposeBooking, type TransferVoucher, type TransferVoucherPurpose } from '../../financing/index.ts';
import { postRepayment } from '../../ledger/index.ts';
import { applyPayment } from './apply-payment.ts';
import { openTranches, quoteOf } from '../queries/quote.ts';
import { factorScope, lockFinancing, OFFLINE_VOUCHER, operatorActor, recordEvent, TASK, type Actor } from '../store.ts';
import { ownUploads } from '../../uploads/index.ts';

/**
 * An offline transfer to the factor's receiving account: recorded as the lending core's transfer voucher, confirmed
 * by another operator (REPAYMENT_VOUCHER). The answer's `repaymentId` is the voucher's id (the task's record); the
 * repayment itself is recorded when the money is confirmed.
 */
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
    const [enterprise] = await tx
      .select({ name: enterpriseDirectory.name })
      .from(enterpriseDirectory)
      .where(eq(enterpriseDirectory.id, enterpriseId));
    const voucher = await submitTransferVoucher(
      tx,
      OFFLINE_REPAYMENT,
      {
        loanId: f.id,
        loanNo: f.financingNo,
        enterpriseId,
        amount: input.amount,
        uploadId: input.voucherUploadId,
        payerAccountName: input.payerAccountName,
        payerAccountNo: input.payerAccountNo,
      },
      actor,
      today,
      {
        subject: `线下还款确认 ${f.financingNo} ${formatYuan(input.amount)} 元`,
        data: { financingId: f.id, amount: input.amount },
        fields: [
          { label: '融资编号', value: f.financingNo },
          { label: '企业', value: enterprise?.name ?? '' },
          { label: '还款金额（元）', value: formatYuan(input.amount) },
          { label: '付款账户名称', value: input.payerAccountName },
          { label: '付款账号', value: input.payerAccountNo },
          { label: '提交时应还总额（元）', value: formatYuan(quote.total) },
        ],
      },
      () => new BusinessError('该融资已有待确认的线下还款凭证，请等待确认后再提交'),
    );
    await recordEvent(tx, f.id, actor, '提交线下还款凭证', `金额 ${formatYuan(input.amount)} 元，待确认`);
    return { repaymentId: voucher.id, status: 'PENDING' as const };
  });
}

/**
 * REPAYMENT_VOUCHER approved: the lending core booked the transfer as a receipt into the enterprise's account; it
 * is at once applied as a repayment, recorded as the financing's offline repayment, so the ledger shows both.
 */
async function bookOfflineRepayment(tx: Tx, voucher: TransferVoucher, operator: TaskOperator, today: IsoDate): Promise<PurposeBooking> {
  const financing = await lockFinancing(tx, factorScope(operator), voucher.loanId);
  const applied = await applyPayment(tx, financing, voucher.amount, today, operatorActor(operator));
  const posted = await postRepayment(tx, {
    enterpriseId: financing.enterpriseId,
    principal: applied.principal as Cents,
    interest: applied.interest as Cents,
    penalty: applied.penalty as Cents,
    sourceRef: financing.financingNo,
    createdBy: operator.id,
  });
  await tx.insert(repayments).values({
    financingId: financing.id,
    enterpriseId: financing.enterpriseId,
    method: 'OFFLINE',
    amount: voucher.amount,
    principal: applied.principal,
    interest: applied.interest,
    penalty: applied.penalty,
    allocations: applied.allocations,
    status: 'CONFIRMED',
    voucherUploadId: voucher.uploadId,
    payerAccountName: voucher.payerAccountName,
    payerAccountNo: voucher.payerAccountNo,
    entryId: posted.entryId,
    refNo: posted.refNo,
    repayDate: today,
    createdBy: voucher.createdBy,
    createdAt: voucher.createdAt,
    confirmedBy: operator.id,
    confirmedAt: now(),
  });
  return {
    refNo: posted.refNo,
    before: { status: 'PENDING' },
    after: {
      status: 'CONFIRMED',
      principal: applied.principal,
      interest: applied.interest,
      penalty: applied.penalty,
      interestRefund: applied.interestRefund,
      financingStatus: applied.status,
    },
  };
}

/** The supply loan's offline repayment as a purpose of the lending core's transfer vouchers. */
export const OFFLINE_REPAYMENT: TransferVoucherPurpose = {
  ...OFFLINE_VOUCHER,
  label: '线下还款',
  taskType: TASK.REPAYMENT_VOUCHER,
  taskLabel: '线下还款凭证确认',
  lockLoan: async (tx, v, operator) => void (await lockFinancing(tx, factorScope(operator), v.loanId)),
  receiptMemo: (v) => `${v.loanNo} 线下还款`,
  book: (tx, v, _receipt, operator) => bookOfflineRepayment(tx, v, operator, chinaToday()),
  rejected: async (tx, v, operator, reason) => {
    await recordEvent(tx, v.loanId, operatorActor(operator), '线下还款凭证驳回', reason);
    return { before: { status: 'PENDING' }, after: { status: 'REJECTED' } };
  },
};
