import { allocate, formatYuan, type Cents, type IsoDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pledgeFinancings } from '../../../db/schema/index.ts';
import { goodsItem } from '../../warehouse/index.ts';
import { chinaToday, now } from '../../../lib/clock.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { factorScope, type Scope } from '../../../lib/scope.ts';
import { restoreCredit } from '../../credit/index.ts';
import { postControlledRepayment, releaseControlledFunds } from '../../funds/index.ts';
import { postMarginApplication, postRepayment } from '../../ledger/index.ts';
import { refundUnusedInterest } from '../../financing/index.ts';
import { afterPayment, pledgeInterestRefund, pledgeOwedOn } from '../balance.ts';
import { releasableNow } from './redeem.ts';
import { settlePledge } from './settle.ts';
import { lockPledge, movePledge, recordPledgeEvent, type Actor, type PledgeFinancing } from '../store.ts';

/**
 * Where a payment of a pledge financing comes from: the enterprise's free funds, the controlled
 * proceeds of this very financing (issue 24), or the margin it holds.
 */
type Source = 'ACCOUNT' | 'CONTROLLED' | 'MARGIN';

/** What the enterprise chooses to repay from on /pledge/repaymentList. */
export type RepaySource = 'AVAILABLE' | 'CONTROLLED';

const POSTING = { ACCOUNT: postRepayment, CONTROLLED: postControlledRepayment, MARGIN: postMarginApplication } as const;
const ACTION = { ACCOUNT: '还款', CONTROLLED: '还款', MARGIN: '保证金抵扣欠款' } as const;
const NOTE = { ACCOUNT: '账户还款', CONTROLLED: '以本笔融资受控资金还款', MARGIN: '以保证金抵扣' } as const;

/**
 * A payment booked against a financing: what is owed on `today` by the lending core's accrual rule,
 * allocated by its one policy (penalty, interest, principal); the repaid principal restores the
 * credit line. Paying everything settles the financing (the margin left goes back, all goods are
 * released). The financing row is locked by the caller.
 */
async function bookPayment(tx: Tx, f: PledgeFinancing, actor: Actor, amount: number, today: IsoDate, source: Source) {
  const owed = pledgeOwedOn(f, today);
  const { penalty, interest, principal } = allocate(owed, amount);
  const split = { principal: principal as Cents, interest: interest as Cents, penalty: penalty as Cents };
  const posted = await POSTING[source](tx, { enterpriseId: f.enterpriseId, ...split, sourceRef: f.financingNo, createdBy: actor.id });
  await restoreCredit(tx, f.creditLineId, principal);
  // Principal repaid before the due date gets back the prepaid interest of the days not used (the lending core's rule).
  const interestRefund = pledgeInterestRefund(f, today, principal);
  const refund = await refundUnusedInterest(tx, {
    enterpriseId: f.enterpriseId,
    amount: interestRefund,
    sourceRef: f.financingNo,
    createdBy: actor.id,
  });
  // A margin applied leaves the top-ups first, then the margin paid at application.
  const fromTopUp = source === 'MARGIN' ? Math.min(amount, f.topUpMargin) : 0;
  const margins = source === 'MARGIN' ? { topUpMargin: f.topUpMargin - fromTopUp, marginPaid: f.marginPaid - (amount - fromTopUp) } : {};
  const money = { outstanding: f.outstanding - principal, ...afterPayment(f, today, { penalty, interest }), ...margins };
  const action = ACTION[source];
  const refunded = refund ? `；退还未用天数利息 ${formatYuan(interestRefund)} 元至可用资金（流水号 ${refund.refNo}）` : '';
  const note = `${NOTE[source]} ${formatYuan(amount)} 元（本金 ${formatYuan(principal)}，利息 ${formatYuan(interest)}，罚息 ${formatYuan(penalty)}；流水号 ${posted.refNo}${refunded}）`;
  let after: PledgeFinancing;
  if (f.status === 'DISBURSED') after = await movePledge(tx, f, 'REPAYING', actor, action, note, money);
  else {
    const [row] = await tx
      .update(pledgeFinancings)
      .set({ ...money, updatedAt: now() })
      .where(eq(pledgeFinancings.id, f.id))
      .returning();
    after = row!;
    await recordPledgeEvent(tx, f.id, actor, action, note);
  }
  if (money.outstanding === 0 && money.interestOwed === 0 && money.penaltyOwed === 0) {
    after = await settlePledge(tx, after, actor);
    await releaseOnSettlement(tx, after, actor);
  }
  return { after, refNo: posted.refNo, principal, interest, penalty, interestRefund, outstanding: money.outstanding };
}

/**
 * The loan is settled, so the restriction on its proceeds ends (issue 24, PRODUCT §5): what is left of
 * its controlled tranches goes to the enterprise's free funds in the settling transaction (受控资金释放 in
 * its fund flows) and the history says how much.
 */
async function releaseOnSettlement(tx: Tx, f: PledgeFinancing, actor: Actor) {
  const released = await releaseControlledFunds(tx, { enterpriseId: f.enterpriseId, loanRef: f.financingNo, createdBy: actor.id });
  if (released) {
    await recordPledgeEvent(
      tx,
      f.id,
      actor,
      '受控资金释放',
      `结清后剩余受控资金 ${formatYuan(released.amount)} 元转为可用资金（流水号 ${released.refNo}）`,
    );
  }
}

/**
 * A repayment (/pledge/repaymentList), in the route's idempotent transaction: the quote shown is the
 * amount collected. From the enterprise's available funds, or from the controlled funds this financing
 * disbursed (only its own tranches; refused when they do not cover the amount).
 */
export async function repayPledge(tx: Tx, scope: Scope, id: number, actor: Actor, amount: number, from: RepaySource = 'AVAILABLE') {
  const f = await lockPledge(tx, scope, id);
  if (f.status !== 'DISBURSED' && f.status !== 'REPAYING') throw new BusinessError('该融资当前不能还款', 'PLEDGE_NOT_REPAYABLE');
  const today = chinaToday();
  const owed = pledgeOwedOn(f, today);
  if (amount > owed.total) throw new BusinessError(`还款金额超过应还金额 ${formatYuan(owed.total)} 元`, 'PLEDGE_REPAY_TOO_MUCH');
  const paid = await bookPayment(tx, f, actor, amount, today, from === 'CONTROLLED' ? 'CONTROLLED' : 'ACCOUNT');
  const item = await goodsItem(tx, f.goodsId);
  const releasable = paid.after.status === 'SETTLED' ? null : await releasableNow(tx, paid.after, item!);
  return {
    id: f.id,
    status: paid.after.status,
    amount,
    refNo: paid.refNo,
    principal: paid.principal,
    interest: paid.interest,
    penalty: paid.penalty,
    interestRefund: paid.interestRefund,
    outstanding: paid.outstanding,
    releasable: releasable?.quantity ?? '0',
    releaseReason: releasable?.reason ?? null,
  };
}

/**
 * The margin held for a financing in default applied to its debt (PRODUCT §8; the operator's decision
 * on 补缴保证金逾期跟进): the margin and top-ups in the enterprise's MARGIN part pay what is owed today,
 * as much as they cover, with one posting the enterprise reads as 保证金抵扣欠款 in its fund flows.
 * Refused when the financing is not in default or holds no margin.
 */
export async function applyMarginOnDefault(tx: Tx, id: number, actor: Actor, today: IsoDate) {
  const f = await lockPledge(tx, factorScope(actor), id);
  if (!f.defaulted || (f.status !== 'DISBURSED' && f.status !== 'REPAYING'))
    throw new BusinessError('该融资未处于违约状态，不能以保证金抵扣', 'PLEDGE_NOT_DEFAULTED');
  const held = f.marginPaid + f.topUpMargin;
  const owed = pledgeOwedOn(f, today);
  const amount = Math.min(held, owed.total);
  if (amount <= 0) throw new BusinessError('该融资没有可抵扣的保证金', 'PLEDGE_NO_MARGIN_HELD');
  const paid = await bookPayment(tx, f, actor, amount, today, 'MARGIN');
  return { applied: amount, ...paid, status: paid.after.status };
}
