import { formatYuan, invoiceLifecycle, orderReceivableLifecycle, trancheLifecycle, type IsoDate } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { financings, financingTranches, invoices, orderReceivables, type RepaymentAllocation } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import { releaseReservation, restoreCredit } from '../../credit/index.ts';
import { refundUnusedInterest } from '../../financing/index.ts';
import { releaseControlledFunds } from '../../funds/index.ts';
import { settleReceivables } from '../../receivables/index.ts';
import { allocate, crystallise, owedOn, unusedPrepaidInterest } from '../pricing.ts';
import { openTranches, quoteOf, stateOf } from '../queries/quote.ts';
import { moveFinancing, recordEvent, type Actor, type Financing } from '../store.ts';
import { now } from '../../../lib/clock.ts';

/**
 * Applies a payment to a financing as of a day: over its open tranches in due order, penalty then
 * interest then principal; more than is owed is refused. Updates the tranches, restores the credit
 * line by the principal repaid, gives back the upfront interest of the days not used on the principal
 * repaid early (the lending core's rule, in this transaction) and settles the financing when nothing
 * is outstanding.
 */
export async function applyPayment(tx: Tx, f: Financing, amount: number, asOf: IsoDate, actor: Actor) {
  if (f.status !== 'DISBURSED' && f.status !== 'REPAYING') throw new BusinessError('该融资当前不在还款期');
  const tranches = await openTranches(tx, f.id, true);
  const quote = quoteOf(f, tranches, asOf);
  if (amount > quote.total) throw new BusinessError(`还款金额超过应还总额 ${formatYuan(quote.total)} 元`);
  let rest = amount;
  const allocations: RepaymentAllocation[] = [];
  for (const t of tranches) {
    if (rest <= 0) break;
    const state = stateOf(f, t);
    const part = allocate(owedOn(state, asOf), rest);
    rest = part.rest;
    if (part.penalty + part.interest + part.principal === 0) continue;
    const interestRefund = unusedPrepaidInterest(state, part.principal, asOf);
    const c = crystallise(state, asOf);
    const outstanding = t.outstanding - part.principal;
    const interestUnpaid = c.interestUnpaid - part.interest;
    const penaltyUnpaid = c.penaltyUnpaid - part.penalty;
    const settled = outstanding === 0 && interestUnpaid === 0 && penaltyUnpaid === 0;
    const paid = {
      outstanding,
      interestFrom: c.interestFrom,
      interestUnpaid,
      interestPaid: t.interestPaid + part.interest,
      penaltyFrom: c.penaltyFrom,
      penaltyUnpaid,
      penaltyPaid: t.penaltyPaid + part.penalty,
      penaltyToDate: penaltyUnpaid,
      penaltyAsOf: asOf,
      principalPaid: t.principalPaid + part.principal,
    };
    if (settled) await transition(tx, financingTranches, trancheLifecycle, t, 'SETTLED', { ...paid, overdue: false, settledAt: now() });
    else
      await tx
        .update(financingTranches)
        .set({ ...paid, settledAt: null })
        .where(eq(financingTranches.id, t.id));
    allocations.push({ trancheId: t.id, principal: part.principal, interest: part.interest, penalty: part.penalty, interestRefund });
  }
  const totals = {
    principal: allocations.reduce((s, a) => s + a.principal, 0),
    interest: allocations.reduce((s, a) => s + a.interest, 0),
    penalty: allocations.reduce((s, a) => s + a.penalty, 0),
    interestRefund: allocations.reduce((s, a) => s + (a.interestRefund ?? 0), 0),
  };
  await restoreCredit(tx, f.creditLineId, totals.principal);
  const refund = await refundUnusedInterest(tx, {
    enterpriseId: f.enterpriseId,
    amount: totals.interestRefund,
    sourceRef: f.financingNo,
    createdBy: actor.id,
  });

  const remaining = await openTranches(tx, f.id, false);
  const waiting =
    (
      await tx
        .select({ id: financingTranches.id })
        .from(financingTranches)
        .where(and(eq(financingTranches.financingId, f.id), eq(financingTranches.status, 'PENDING')))
        .limit(1)
    ).length > 0;
  const refunded = refund ? `；退还未用天数利息 ${formatYuan(totals.interestRefund)} 元至可用资金（流水号 ${refund.refNo}）` : '';
  const note = `还款 ${formatYuan(amount)} 元：本金 ${formatYuan(totals.principal)}，利息 ${formatYuan(totals.interest)}，罚息 ${formatYuan(totals.penalty)}${refunded}`;
  let status: Financing['status'];
  if (remaining.length === 0 && !waiting) {
    // Nothing outstanding: settled. What an order loan never drew goes back to the credit line.
    await releaseReservation(tx, f.creditLineId, f.reserved);
    await moveFinancing(tx, f, 'SETTLED', actor, '结清', note, { overdue: false, reserved: 0, settledAt: now() });
    await settleBacking(tx, f);
    // Settled: what is left of its controlled proceeds becomes free funds (issue 24).
    await releaseControlledFunds(tx, { enterpriseId: f.enterpriseId, loanRef: f.financingNo, createdBy: actor.id });
    status = 'SETTLED';
  } else {
    const overdue = remaining.some((t) => t.overdue);
    if (f.status === 'DISBURSED') await moveFinancing(tx, f, 'REPAYING', actor, '还款', note, { overdue });
    else {
      await tx.update(financings).set({ overdue, updatedAt: now() }).where(eq(financings.id, f.id));
      await recordEvent(tx, f.id, actor, '还款', note);
    }
    status = 'REPAYING';
  }
  return { allocations, ...totals, status, owedBefore: quote.total, owedAfter: quote.total - amount };
}

/** A settled financing's invoices or order are settled with it — and never financed again (issue 36). */
async function settleBacking(tx: Tx, f: Financing) {
  await settleReceivables(tx, { product: f.kind, financingId: f.id });
  if (f.kind === 'INVOICE') {
    const backing = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.financingId, f.id), eq(invoices.status, 'FINANCED')))
      .orderBy(asc(invoices.id))
      .for('update');
    for (const invoice of backing) await transition(tx, invoices, invoiceLifecycle, invoice, 'SETTLED', { updatedAt: now() });
  } else {
    const backing = await tx
      .select()
      .from(orderReceivables)
      .where(and(eq(orderReceivables.financingId, f.id), eq(orderReceivables.status, 'FINANCED')))
      .for('update');
    for (const order of backing) await transition(tx, orderReceivables, orderReceivableLifecycle, order, 'SETTLED');
  }
}
