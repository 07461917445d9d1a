// Shared pieces of the pledge's bank-transfer vouchers, which are the lending core's transfer vouchers (issue 35):
// the product code and task type of each kind, the answer shape, the pending checks and the withdrawal when a
// financing ends.
import { PLEDGE_VOUCHER_KIND_LABELS, pledgeVoucherLifecycle, type PledgeVoucherKind } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { pendingTransferVoucher, withdrawTransferVouchers, type TransferVoucher } from '../financing/index.ts';
import { recordPledgeEvent, type Actor } from './store.ts';

/** The code the pledge writes on its transfer vouchers. */
export const PLEDGE_VOUCHERS = 'PLEDGE';

export type PledgeVoucher = TransferVoucher;

/** The operator task type of each kind of voucher (/bpm/tasks). */
export const PLEDGE_VOUCHER_TASK: Readonly<Record<PledgeVoucherKind, string>> = {
  MARGIN: 'PLEDGE_MARGIN_VOUCHER',
  TOP_UP: 'PLEDGE_TOP_UP_VOUCHER',
  REPAYMENT: 'PLEDGE_REPAYMENT_VOUCHER',
};

const KINDS = Object.entries(PLEDGE_VOUCHER_TASK).map(([purpose, taskType]) => ({ product: PLEDGE_VOUCHERS, purpose, taskType }));

export function voucherView(v: PledgeVoucher) {
  const kind = v.purpose as PledgeVoucherKind;
  return {
    id: v.id,
    voucherNo: v.voucherNo,
    financingId: v.loanId,
    financingNo: v.loanNo,
    kind,
    kindLabel: PLEDGE_VOUCHER_KIND_LABELS[kind],
    amount: v.amount,
    status: v.status,
    statusLabel: pledgeVoucherLifecycle.label(v.status),
    payerAccountName: v.payerAccountName,
    payerAccountNo: v.payerAccountNo,
    reviewNote: v.reviewNote,
    refNo: v.refNo,
    createdAt: v.createdAt.toISOString(),
    decidedAt: v.decidedAt ? v.decidedAt.toISOString() : null,
  };
}

export const pendingVoucher = (tx: Tx, financingId: number, kind: PledgeVoucherKind): Promise<PledgeVoucher | undefined> =>
  pendingTransferVoucher(tx, PLEDGE_VOUCHERS, financingId, kind);

/**
 * The account payment of a margin or top-up is refused while a transfer voucher for it waits for
 * confirmation: the same money would otherwise be paid twice. (Called with the financing locked.)
 */
export async function refuseWhileVoucherPending(tx: Tx, financingId: number, kind: 'MARGIN' | 'TOP_UP') {
  const v = await pendingVoucher(tx, financingId, kind);
  if (v)
    throw new BusinessError(
      `已提交${PLEDGE_VOUCHER_KIND_LABELS[kind]}转账凭证 ${v.voucherNo}，等待运营确认到账，请勿重复缴纳`,
      'PLEDGE_VOUCHER_PENDING',
    );
}

/** A financing ended (rejected, cancelled, settled): its pending vouchers and their tasks are withdrawn. */
export async function withdrawPledgeVouchers(tx: Tx, financingId: number, actor: Actor, reason: string) {
  for (const v of await withdrawTransferVouchers(tx, KINDS, financingId, actor, reason))
    await recordPledgeEvent(tx, financingId, actor, '转账凭证撤销', `${v.voucherNo}：${reason}`);
}
