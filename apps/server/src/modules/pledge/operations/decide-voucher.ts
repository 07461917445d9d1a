import { depositEntry, formatYuan, PLEDGE_VOUCHER_KIND_LABELS, pledgeVoucherLifecycle, type Cents } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pledgeMarginCalls, pledgeVouchers } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import { userDirectory } from '../../account/index.ts';
import type { BpmTask, TaskOperator } from '../../bpm/index.ts';
import { rule, postEntry } from '../../ledger/index.ts';
import { payMargin } from './pay-margin.ts';
import { repayPledge } from './repay.ts';
import { factorScope, lockPledge, operatorActor, recordPledgeEvent } from '../store.ts';
import { topUpMargin } from './top-up.ts';
import { now } from '../../../lib/clock.ts';

/** The voucher of a task and its financing, both locked (financing first, as every pledge operation locks). */
async function lockVoucher(tx: Tx, task: BpmTask) {
  const [row] = await tx
    .select({ id: pledgeVouchers.id, financingId: pledgeVouchers.financingId })
    .from(pledgeVouchers)
    .where(eq(pledgeVouchers.id, Number(task.refId)));
  if (!row) throw new NotFoundError('转账凭证不存在');
  const f = await lockPledge(tx, factorScope(), row.financingId);
  const [voucher] = await tx.select().from(pledgeVouchers).where(eq(pledgeVouchers.id, row.id)).for('update');
  if (voucher!.status !== 'PENDING')
    throw new BusinessError(`该转账凭证${pledgeVoucherLifecycle.label(voucher!.status)}，不能重复处理`, 'PLEDGE_VOUCHER_DECIDED');
  return { voucher: voucher!, financing: f };
}

/**
 * A voucher confirmed: the transfer reached the factor's bank. It is booked as a receipt into the
 * enterprise's available funds and at once paid on exactly as the account payment pays — the
 * margin into the margin bucket (→ MARGIN_PAID and the approval task), the margin call's top-up, or
 * the repayment (penalty, interest, principal; settlement when nothing is left) — in the decision's
 * transaction, so a refusal anywhere (the money is no longer due) changes nothing. The task and the
 * voucher's own status make a second confirmation a refusal.
 */
export async function confirmPledgeVoucher(tx: Tx, task: BpmTask, operator: TaskOperator) {
  const { voucher, financing: f } = await lockVoucher(tx, task);
  const actor = operatorActor(operator);
  const label = PLEDGE_VOUCHER_KIND_LABELS[voucher.kind];
  if (voucher.kind === 'MARGIN' && f.status !== 'MARGIN_PENDING')
    throw new BusinessError('该融资当前无需缴纳保证金（已缴纳或已终止），请驳回该凭证', 'PLEDGE_MARGIN_NOT_DUE');
  if (voucher.kind === 'TOP_UP') {
    const [call] = await tx
      .select({ id: pledgeMarginCalls.id })
      .from(pledgeMarginCalls)
      .where(and(eq(pledgeMarginCalls.financingId, f.id), inArray(pledgeMarginCalls.status, ['OPEN', 'DEFAULTED'])));
    if (call?.id !== voucher.marginCallId) throw new BusinessError('该补缴保证金通知已结束，请驳回该凭证', 'PLEDGE_NO_MARGIN_CALL');
  }
  // Decided first: the account payments refuse while a voucher of their kind is pending.
  await transition(tx, pledgeVouchers, pledgeVoucherLifecycle, voucher, 'CONFIRMED', { decidedBy: operator.id, decidedAt: now() });
  const receipt = await postEntry(
    tx,
    rule(() =>
      depositEntry({
        enterpriseId: f.enterpriseId,
        amount: voucher.amount as Cents,
        payer: { name: voucher.payerAccountName, accountNo: voucher.payerAccountNo },
        memo: `${f.financingNo} ${label}转账到账（${voucher.voucherNo}）`,
      }),
    ),
    { createdBy: operator.id },
  );
  // The payment itself is the enterprise's, made by whoever submitted the voucher (so the approval task
  // a margin opens is theirs, and the confirming operator may still be the one who approves it).
  const [submitter] = voucher.createdBy
    ? await tx
        .select({ id: userDirectory.id, name: userDirectory.displayName })
        .from(userDirectory)
        .where(eq(userDirectory.id, voucher.createdBy))
    : [];
  const payer = submitter ?? actor;
  const scope = factorScope(actor);
  const paid =
    voucher.kind === 'MARGIN'
      ? await payMargin(tx, scope, f.id, payer)
      : voucher.kind === 'TOP_UP'
        ? await topUpMargin(tx, scope, f.id, payer)
        : await repayPledge(tx, scope, f.id, payer, voucher.amount);
  if (paid.amount !== voucher.amount) throw new Error(`voucher ${voucher.voucherNo}: paid ${paid.amount}, voucher ${voucher.amount}`);
  await tx
    .update(pledgeVouchers)
    .set({ entryId: receipt.entryId, refNo: paid.refNo ?? receipt.refNo })
    .where(eq(pledgeVouchers.id, voucher.id));
  await recordPledgeEvent(
    tx,
    f.id,
    actor,
    '转账凭证确认到账',
    `${voucher.voucherNo} ${label} ${formatYuan(voucher.amount)} 元（到账流水号 ${receipt.refNo}）`,
  );
  return {
    before: { voucher: 'PENDING', financing: f.status },
    after: { voucher: 'CONFIRMED', financing: paid.status, receiptRefNo: receipt.refNo, paymentRefNo: paid.refNo },
    received: { entryId: receipt.entryId },
  };
}

/** A voucher rejected (the money did not arrive, or it is no longer due): nothing moves, the enterprise sees the reason. */
export async function rejectPledgeVoucher(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const { voucher, financing: f } = await lockVoucher(tx, task);
  await transition(tx, pledgeVouchers, pledgeVoucherLifecycle, voucher, 'REJECTED', {
    reviewNote: reason,
    decidedBy: operator.id,
    decidedAt: now(),
  });
  await recordPledgeEvent(tx, f.id, operatorActor(operator), '转账凭证驳回', `${voucher.voucherNo}：${reason}`);
  return { before: { voucher: 'PENDING' }, after: { voucher: 'REJECTED', reason } };
}
