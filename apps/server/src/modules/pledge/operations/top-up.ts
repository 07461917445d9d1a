import { formatYuan, marginCallLifecycle, type Cents } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pledgeFinancings, pledgeMarginCalls } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { Scope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { postMargin } from '../../ledger/index.ts';
import { lockPledge, recordPledgeEvent, type Actor } from '../store.ts';
import { refuseWhileVoucherPending } from '../voucher-store.ts';
import { now } from '../../../lib/clock.ts';

/**
 * Meets the financing's margin call from the account (/pledge/giveGold): the called amount moves to
 * the margin bucket, counts against the exposure from now on, and the call is MET (a defaulted call
 * met late clears the default flag). In the route's idempotent transaction.
 */
export async function topUpMargin(tx: Tx, scope: Scope, id: number, actor: Actor) {
  const f = await lockPledge(tx, scope, id);
  await refuseWhileVoucherPending(tx, f.id, 'TOP_UP');
  const [call] = await tx
    .select()
    .from(pledgeMarginCalls)
    .where(and(eq(pledgeMarginCalls.financingId, f.id), inArray(pledgeMarginCalls.status, ['OPEN', 'DEFAULTED'])))
    .for('update');
  if (!call) throw new BusinessError('该融资没有待补缴的保证金', 'PLEDGE_NO_MARGIN_CALL');
  const posted = await postMargin(tx, {
    enterpriseId: f.enterpriseId,
    amount: call.amount as Cents,
    sourceRef: `${f.financingNo} 补缴保证金`,
    createdBy: actor.id,
  });
  await transition(tx, pledgeMarginCalls, marginCallLifecycle, call, 'MET', { paidAmount: call.amount, closedAt: now() });
  await tx
    .update(pledgeFinancings)
    .set({ topUpMargin: f.topUpMargin + call.amount, defaulted: false, updatedAt: now() })
    .where(eq(pledgeFinancings.id, f.id));
  await recordPledgeEvent(tx, f.id, actor, '补缴保证金', `账户补缴 ${formatYuan(call.amount)} 元（流水号 ${posted.refNo}）`);
  return { id: f.id, status: f.status, amount: call.amount, refNo: posted.refNo };
}
