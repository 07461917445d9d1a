import { formatYuan, PLEDGE_VOUCHER_KIND_LABELS, type IsoDate } from '@factoring/domain';
import type { PledgeVoucherInput } from '@factoring/domain/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { pledgeMarginCalls } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { chinaToday } from '../../../lib/clock.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { submitTransferVoucher, voucherOfUpload } from '../../financing/index.ts';
import { pledgeOwedOn } from '../balance.ts';
import { lockPledge, recordPledgeEvent, type Actor, type PledgeFinancing } from '../store.ts';
import { pendingVoucher, voucherView } from '../voucher-store.ts';
import { PLEDGE_VOUCHER_PURPOSES } from '../voucher-purposes.ts';
import { ownUploads } from '../../uploads/index.ts';

/** What the voucher pays and how much is due for it now; a request that does not fit is refused. */
async function dueFor(
  tx: Tx,
  f: PledgeFinancing,
  input: PledgeVoucherInput,
): Promise<{ amount: number; marginCallId: number | null; owed?: number }> {
  const exactly = (due: number, what: string) => {
    if (input.amount !== undefined && input.amount !== due)
      throw new BusinessError(`转账金额应等于${what} ${formatYuan(due)} 元`, 'PLEDGE_VOUCHER_AMOUNT');
    return due;
  };
  if (input.kind === 'MARGIN') {
    if (f.status !== 'MARGIN_PENDING')
      throw new BusinessError(f.marginPaid > 0 ? '保证金已缴纳，请勿重复缴纳' : '该融资当前不能缴纳保证金', 'PLEDGE_MARGIN_NOT_DUE');
    if (f.margin <= 0) throw new BusinessError('该融资无需缴纳保证金', 'PLEDGE_MARGIN_NOT_DUE');
    return { amount: exactly(f.margin, '应缴保证金'), marginCallId: null };
  }
  if (input.kind === 'TOP_UP') {
    const [call] = await tx
      .select()
      .from(pledgeMarginCalls)
      .where(and(eq(pledgeMarginCalls.financingId, f.id), inArray(pledgeMarginCalls.status, ['OPEN', 'DEFAULTED'])));
    if (!call) throw new BusinessError('该融资没有待补缴的保证金', 'PLEDGE_NO_MARGIN_CALL');
    return { amount: exactly(call.amount, '应补缴保证金'), marginCallId: call.id };
  }
  if (f.status !== 'DISBURSED' && f.status !== 'REPAYING') throw new BusinessError('该融资当前不能还款', 'PLEDGE_NOT_REPAYABLE');
  if (input.amount === undefined) throw new BusinessError('请输入转账金额', 'PLEDGE_VOUCHER_AMOUNT');
  const owed = pledgeOwedOn(f, chinaToday()).total;
  if (input.amount > owed) throw new BusinessError(`还款金额超过应还金额 ${formatYuan(owed)} 元`, 'PLEDGE_REPAY_TOO_MUCH');
  return { amount: input.amount, marginCallId: null, owed };
}

/**
 * A bank-transfer voucher for the margin (/pledge/bondVoucher), a margin call's top-up
 * (/pledge/giveGold) or a repayment (/pledge/repaymentVoucher): checked against what is due now,
 * recorded PENDING with the enterprise's own upload, and put in the operators' inbox. No money moves
 * until an operator confirms the transfer arrived (decide-voucher.ts).
 */
export async function submitPledgeVoucher(
  db: Db,
  scope: EnterpriseScope,
  financingId: number,
  actor: Actor,
  input: PledgeVoucherInput,
  today: IsoDate,
) {
  return inTransaction(db, async (tx) => {
    const f = await lockPledge(tx, scope, financingId);
    const [file] = await ownUploads(tx, scope, [input.voucherUploadId]);
    if (!file) throw new BusinessError('转账凭证不存在，请重新上传', 'PLEDGE_VOUCHER_UPLOAD');
    const label = PLEDGE_VOUCHER_KIND_LABELS[input.kind];
    const refusePending = (waiting: { voucherNo: string } | null | undefined) =>
      new BusinessError(
        waiting ? `已提交${label}转账凭证 ${waiting.voucherNo}，请等待运营确认后再提交` : `已提交${label}转账凭证，请等待运营确认后再提交`,
        'PLEDGE_VOUCHER_PENDING',
      );
    const waiting = await pendingVoucher(tx, f.id, input.kind);
    if (waiting) throw refusePending(waiting);
    const due = await dueFor(tx, f, input);
    const reused = await voucherOfUpload(tx, input.voucherUploadId);
    if (reused) throw new BusinessError(`该转账凭证已用于 ${reused.voucherNo}，请上传本次转账的回单`, 'PLEDGE_VOUCHER_UPLOAD');

    const [enterprise] = await tx
      .select({ name: enterpriseDirectory.name })
      .from(enterpriseDirectory)
      .where(eq(enterpriseDirectory.id, f.enterpriseId));
    const purpose = PLEDGE_VOUCHER_PURPOSES.find((p) => p.purpose === input.kind)!;
    const voucher = await submitTransferVoucher(
      tx,
      purpose,
      {
        loanId: f.id,
        loanNo: f.financingNo,
        enterpriseId: f.enterpriseId,
        relatedId: due.marginCallId,
        amount: due.amount,
        uploadId: input.voucherUploadId,
        payerAccountName: input.payerAccountName,
        payerAccountNo: input.payerAccountNo,
      },
      actor,
      today,
      {
        subject: `质押融资${label}转账确认 ${f.financingNo} ${formatYuan(due.amount)} 元`,
        data: { financingId: f.id, kind: input.kind, amount: due.amount },
        fields: (voucherNo) => [
          { label: '凭证编号', value: voucherNo },
          { label: '融资编号', value: f.financingNo },
          { label: '企业', value: enterprise?.name ?? '' },
          { label: '款项', value: label },
          { label: '转账金额（元）', value: formatYuan(due.amount) },
          ...(due.owed !== undefined ? [{ label: '提交时应还金额（元）', value: formatYuan(due.owed) }] : []),
          { label: '付款账户名称', value: input.payerAccountName },
          { label: '付款账号', value: input.payerAccountNo },
        ],
      },
      refusePending,
    );
    await recordPledgeEvent(
      tx,
      f.id,
      actor,
      '提交转账凭证',
      `${label} ${formatYuan(due.amount)} 元，凭证 ${voucher.voucherNo}，待运营确认到账`,
    );
    return voucherView(voucher);
  });
}
