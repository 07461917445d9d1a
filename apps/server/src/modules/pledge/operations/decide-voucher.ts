import { formatYuan, PLEDGE_VOUCHER_KIND_LABELS, type PledgeVoucherKind } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pledgeMarginCalls } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { userDirectory } from '../../account/index.ts';
import type { TaskOperator } from '../../bpm/index.ts';
import type { PurposeBooking, TransferVoucher } from '../../financing/index.ts';
import { payMargin } from './pay-margin.ts';
import { repayPledge } from './repay.ts';
import { factorScope, lockPledge, operatorActor, recordPledgeEvent } from '../store.ts';
import { topUpMargin } from './top-up.ts';

/**
 * A voucher confirmed: the transfer reached the factor's bank and the lending core booked it as a receipt into the
 * enterprise's available funds (transfer-vouchers/decide.ts, the voucher already CONFIRMED, the financing locked).
 * It is at once paid on exactly as the account payment pays — the margin into the margin bucket (→ MARGIN_PAID and
 * the approval task), the margin call's top-up, or the repayment (penalty, interest, principal; settlement when
 * nothing is left) — in the decision's transaction, so a refusal here (the money is no longer due) changes nothing.
 */
export async function confirmPledgeVoucher(
  tx: Tx,
  voucher: TransferVoucher,
  receipt: { refNo: string },
  operator: TaskOperator,
): Promise<PurposeBooking> {
  const kind = voucher.purpose as PledgeVoucherKind;
  const f = await lockPledge(tx, factorScope(), voucher.loanId);
  const actor = operatorActor(operator);
  const label = PLEDGE_VOUCHER_KIND_LABELS[kind];
  if (kind === 'MARGIN' && f.status !== 'MARGIN_PENDING')
    throw new BusinessError('该融资当前无需缴纳保证金（已缴纳或已终止），请驳回该凭证', 'PLEDGE_MARGIN_NOT_DUE');
  if (kind === 'TOP_UP') {
    const [call] = await tx
      .select({ id: pledgeMarginCalls.id })
      .from(pledgeMarginCalls)
      .where(and(eq(pledgeMarginCalls.financingId, f.id), inArray(pledgeMarginCalls.status, ['OPEN', 'DEFAULTED'])));
    if (call?.id !== voucher.relatedId) throw new BusinessError('该补缴保证金通知已结束，请驳回该凭证', 'PLEDGE_NO_MARGIN_CALL');
  }
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
    kind === 'MARGIN'
      ? await payMargin(tx, scope, f.id, payer)
      : kind === 'TOP_UP'
        ? await topUpMargin(tx, scope, f.id, payer)
        : await repayPledge(tx, scope, f.id, payer, voucher.amount);
  if (paid.amount !== voucher.amount) throw new Error(`voucher ${voucher.voucherNo}: paid ${paid.amount}, voucher ${voucher.amount}`);
  await recordPledgeEvent(
    tx,
    f.id,
    actor,
    '转账凭证确认到账',
    `${voucher.voucherNo} ${label} ${formatYuan(voucher.amount)} 元（到账流水号 ${receipt.refNo}）`,
  );
  return {
    refNo: paid.refNo,
    before: { voucher: 'PENDING', financing: f.status },
    after: { voucher: 'CONFIRMED', financing: paid.status, receiptRefNo: receipt.refNo, paymentRefNo: paid.refNo },
  };
}

/** A voucher rejected (the money did not arrive, or it is no longer due): nothing moves, the enterprise sees the reason. */
export async function rejectPledgeVoucher(
  tx: Tx,
  voucher: TransferVoucher,
  operator: TaskOperator,
  reason: string,
): Promise<PurposeBooking> {
  await recordPledgeEvent(tx, voucher.loanId, operatorActor(operator), '转账凭证驳回', `${voucher.voucherNo}：${reason}`);
  return { before: { voucher: 'PENDING' }, after: { voucher: 'REJECTED', reason } };
}
