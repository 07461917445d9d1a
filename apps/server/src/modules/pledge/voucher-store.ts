// Shared pieces of the pledge bank-transfer vouchers: task types, the answer shape, the pending checks
// and the withdrawal when a financing ends.
import { PLEDGE_VOUCHER_KIND_LABELS, pledgeVoucherLifecycle, type PledgeVoucherKind } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pledgeVouchers } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { transition } from '../../lib/transition.ts';
import { withdrawPendingTasks } from '../bpm/index.ts';
import { recordPledgeEvent, type Actor } from './store.ts';
import { now } from '../../lib/clock.ts';

export type PledgeVoucher = typeof pledgeVouchers.$inferSelect;

/** The operator task type of each kind of voucher (/bpm/tasks). */
export const PLEDGE_VOUCHER_TASK: Readonly<Record<PledgeVoucherKind, string>> = {
  MARGIN: 'PLEDGE_MARGIN_VOUCHER',
  TOP_UP: 'PLEDGE_TOP_UP_VOUCHER',
  REPAYMENT: 'PLEDGE_REPAYMENT_VOUCHER',
};

/** PZ + yyyyMMdd + the voucher's id: the reference number the result page shows. */
export const voucherNoOf = (id: number, day: string) => `PZ${day.replaceAll('-', '')}${String(id).padStart(6, '0')}`;

export function voucherView(v: PledgeVoucher, financingNo: string) {
  return {
    id: v.id,
    voucherNo: v.voucherNo,
    financingId: v.financingId,
    financingNo,
    kind: v.kind,
    kindLabel: PLEDGE_VOUCHER_KIND_LABELS[v.kind],
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

export async function pendingVoucher(tx: Tx, financingId: number, kind: PledgeVoucherKind): Promise<PledgeVoucher | undefined> {
  const [row] = await tx
    .select()
    .from(pledgeVouchers)
    .where(and(eq(pledgeVouchers.financingId, financingId), eq(pledgeVouchers.kind, kind), eq(pledgeVouchers.status, 'PENDING')));
  return row;
}

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
  const pending = await tx
    .select()
    .from(pledgeVouchers)
    .where(and(eq(pledgeVouchers.financingId, financingId), eq(pledgeVouchers.status, 'PENDING')))
    .orderBy(asc(pledgeVouchers.id))
    .for('update');
  for (const v of pending) {
    await withdrawPendingTasks(tx, [{ type: PLEDGE_VOUCHER_TASK[v.kind], refId: v.id }], actor, reason);
    await transition(tx, pledgeVouchers, pledgeVoucherLifecycle, v, 'WITHDRAWN', { reviewNote: reason, decidedAt: now() });
    await recordPledgeEvent(tx, financingId, actor, '转账凭证撤销', `${v.voucherNo}：${reason}`);
  }
}
