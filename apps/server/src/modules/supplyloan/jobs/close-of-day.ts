import { formatYuan, type IsoDate } from '@factoring/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { financings, financingTranches } from '../../../db/schema/index.ts';
import { now } from '../../../lib/clock.ts';
import type { CloseOfBusinessStep } from '../../../jobs/close-of-business.ts';
import { owedOn } from '../pricing.ts';
import { stateOf } from '../queries/quote.ts';
import { recordEvent, SYSTEM } from '../store.ts';

export interface SupplyLoanDayResult {
  newlyOverdue: number;
  overdueTranches: number;
  penaltyToDate: number;
}

/**
 * The supply loans' step of the close of business: marks tranches (and their financings) overdue once
 * their due date has passed with principal outstanding, and brings their penalty up to the date. The
 * penalty is recomputed from dates by the lending core's rule, never incremented, so it cannot be
 * counted twice.
 */
export async function closeSupplyLoanDay(tx: Tx, runDate: IsoDate): Promise<SupplyLoanDayResult> {
  // Financings first, then their tranches: the lock order repayments use, so the step never deadlocks with one.
  const dueWhere = and(
    eq(financingTranches.status, 'DISBURSED'),
    sql`${financingTranches.dueDate} < ${runDate}`,
    sql`${financingTranches.outstanding} > 0`,
  );
  const candidates = await tx.selectDistinct({ id: financingTranches.financingId }).from(financingTranches).where(dueWhere);
  if (candidates.length) {
    await tx
      .select({ id: financings.id })
      .from(financings)
      .where(
        inArray(
          financings.id,
          candidates.map((c) => c.id),
        ),
      )
      .orderBy(financings.id)
      .for('update');
  }
  const due = await tx
    .select({ t: financingTranches, f: financings })
    .from(financingTranches)
    .innerJoin(financings, eq(financings.id, financingTranches.financingId))
    .where(dueWhere)
    .orderBy(financingTranches.financingId, financingTranches.id)
    .for('update', { of: financingTranches });
  let newlyOverdue = 0;
  let penaltyToDate = 0;
  const newlyOverdueFinancings = new Map<number, string>();
  for (const { t, f } of due) {
    const owed = owedOn(stateOf(f, t), runDate);
    penaltyToDate += owed.penalty;
    if (!t.overdue) {
      newlyOverdue += 1;
      newlyOverdueFinancings.set(f.id, t.dueDate!);
    }
    await tx
      .update(financingTranches)
      .set({ overdue: true, penaltyToDate: owed.penalty, penaltyAsOf: runDate })
      .where(eq(financingTranches.id, t.id));
  }
  const ids = [...new Set(due.map((d) => d.f.id))];
  if (ids.length) await tx.update(financings).set({ overdue: true, updatedAt: now() }).where(inArray(financings.id, ids));
  for (const [financingId, dueDate] of newlyOverdueFinancings) {
    await recordEvent(tx, financingId, SYSTEM, '逾期', `到期日 ${dueDate} 未足额还款，自 ${dueDate} 起按罚息利率计收罚息`);
  }
  return { newlyOverdue, overdueTranches: due.length, penaltyToDate };
}

export const supplyLoanCloseStep: CloseOfBusinessStep<SupplyLoanDayResult> = {
  name: 'supplyloan-overdue',
  label: '供应链融资：逾期标记与罚息计提',
  run: closeSupplyLoanDay,
  summary: (r) => `新增逾期 ${r.newlyOverdue} 笔；逾期中 ${r.overdueTranches} 笔；罚息累计 ¥${formatYuan(r.penaltyToDate)}`,
};
