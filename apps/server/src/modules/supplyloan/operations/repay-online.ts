import type { Cents, IsoDate } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { repayments } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { postRepayment } from '../../ledger/index.ts';
import { applyPayment } from './apply-payment.ts';
import { lockFinancing, type Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';

/** Online repayment from the enterprise's available funds (the caller runs it under an idempotency key after the password check). */
export async function repayOnline(tx: Tx, scope: EnterpriseScope, financingId: number, actor: Actor, amount: number, today: IsoDate) {
  const { enterpriseId } = scope;
  const f = await lockFinancing(tx, scope, financingId);
  const applied = await applyPayment(tx, f, amount, today, actor);
  const posted = await postRepayment(tx, {
    enterpriseId,
    principal: applied.principal as Cents,
    interest: applied.interest as Cents,
    penalty: applied.penalty as Cents,
    sourceRef: f.financingNo,
    createdBy: actor.id,
  });
  const [row] = await tx
    .insert(repayments)
    .values({
      financingId: f.id,
      enterpriseId,
      method: 'ONLINE',
      amount,
      principal: applied.principal,
      interest: applied.interest,
      penalty: applied.penalty,
      allocations: applied.allocations,
      status: 'CONFIRMED',
      entryId: posted.entryId,
      refNo: posted.refNo,
      repayDate: today,
      createdBy: actor.id,
      confirmedBy: actor.id,
      confirmedAt: now(),
    })
    .returning({ id: repayments.id });
  return {
    repaymentId: row.id,
    refNo: posted.refNo,
    amount,
    principal: applied.principal,
    interest: applied.interest,
    penalty: applied.penalty,
    interestRefund: applied.interestRefund,
    status: applied.status,
    owedAfter: applied.owedAfter,
  };
}
