import { allocate, formatYuan, type Cents } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { goods, pledgeFinancings } from '../../db/schema/index.ts';
import { chinaToday, now } from '../../lib/clock.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { Scope } from '../../lib/scope.ts';
import { restoreCredit } from '../credit/credit-lines.ts';
import { postRepayment } from '../ledger/financing-postings.ts';
import { afterPayment, pledgeOwedOn } from './balance.ts';
import { releasableNow } from './redeem.ts';
import { settlePledge } from './settle.ts';
import { lockPledge, movePledge, recordPledgeEvent, type Actor } from './store.ts';

/**
 * A repayment from the enterprise's available funds (/pledge/repaymentList): what is owed today by
 * the lending core's accrual rule, allocated by its one policy (penalty, interest, principal); the repaid principal restores the credit line. Paying everything
 * settles the financing (margin back, all goods released). In the route's idempotent transaction.
 */
export async function repayPledge(tx: Tx, scope: Scope, id: number, actor: Actor, amount: number) {
  const f = await lockPledge(tx, scope, id);
  if (f.status !== 'DISBURSED' && f.status !== 'REPAYING') throw new BusinessError('该融资当前不能还款', 'PLEDGE_NOT_REPAYABLE');
  const today = chinaToday();
  const owed = pledgeOwedOn(f, today);
  if (amount > owed.total) throw new BusinessError(`还款金额超过应还金额 ${formatYuan(owed.total)} 元`, 'PLEDGE_REPAY_TOO_MUCH');
  const { penalty, interest, principal } = allocate(owed, amount);
  const posted = await postRepayment(tx, {
    enterpriseId: f.enterpriseId,
    principal: principal as Cents,
    interest: interest as Cents,
    penalty: penalty as Cents,
    sourceRef: f.financingNo,
    createdBy: actor.id,
  });
  await restoreCredit(tx, f.creditLineId, principal);
  const money = { outstanding: f.outstanding - principal, ...afterPayment(f, today, { penalty, interest }) };
  const note = `账户还款 ${formatYuan(amount)} 元（本金 ${formatYuan(principal)}，利息 ${formatYuan(interest)}，罚息 ${formatYuan(penalty)}；流水号 ${posted.refNo}）`;
  let after;
  if (f.status === 'DISBURSED') after = await movePledge(tx, f, 'REPAYING', actor, '还款', note, money);
  else {
    const [row] = await tx
      .update(pledgeFinancings)
      .set({ ...money, updatedAt: now() })
      .where(eq(pledgeFinancings.id, f.id))
      .returning();
    after = row!;
    await recordPledgeEvent(tx, f.id, actor, '还款', note);
  }
  if (money.outstanding === 0 && money.interestOwed === 0 && money.penaltyOwed === 0) after = await settlePledge(tx, after, actor);
  const [item] = await tx.select().from(goods).where(eq(goods.id, f.goodsId));
  const releasable = after.status === 'SETTLED' ? null : await releasableNow(tx, after, item!);
  return {
    id: f.id,
    status: after.status,
    amount,
    refNo: posted.refNo,
    principal,
    interest,
    penalty,
    outstanding: money.outstanding,
    releasable: releasable?.quantity ?? '0',
    releaseReason: releasable?.reason ?? null,
  };
}
