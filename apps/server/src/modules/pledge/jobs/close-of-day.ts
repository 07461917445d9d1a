import { formatYuan, marginCallLifecycle, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pledgeFinancings, pledgeMarginCalls } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { now } from '../../../lib/clock.ts';
import { transition } from '../../../lib/transition.ts';
import { createTask } from '../../bpm/index.ts';
import type { CloseOfBusinessStep } from '../../../jobs/close-of-business.ts';
import { pledgeOwedOn } from '../balance.ts';
import { factorScope, LIVE_STATUSES, lockPledge, PLEDGE_TASK, recordPledgeEvent, SYSTEM } from '../store.ts';

/**
 * The pledge's first step of the close of business: a live financing past its due date is overdue;
 * its penalty to the business date is computed from the dates by the lending core's rule
 * (`pledgeOwedOn`) and kept for display.
 */
export async function markPledgesOverdue(tx: Tx, today: IsoDate) {
  let overdue = 0;
  let penaltyToDate = 0;
  const due = await tx
    .select({ id: pledgeFinancings.id })
    .from(pledgeFinancings)
    .where(and(inArray(pledgeFinancings.status, [...LIVE_STATUSES]), lt(pledgeFinancings.dueDate, today)))
    .orderBy(asc(pledgeFinancings.id));
  for (const { id } of due) {
    const f = await lockPledge(tx, factorScope(), id);
    if (f.outstanding <= 0) continue;
    // One computation from dates (the lending core's rule): never one rounded day added per run.
    const owed = pledgeOwedOn(f, today);
    await tx
      .update(pledgeFinancings)
      .set({ overdue: true, penaltyOwed: owed.penalty, penaltyAccruedTo: today, updatedAt: now() })
      .where(eq(pledgeFinancings.id, f.id));
    await recordPledgeEvent(
      tx,
      f.id,
      SYSTEM,
      '逾期计罚息',
      `逾期本金 ${formatYuan(f.outstanding)} 元，逾期 ${owed.overdueDays} 天，罚息累计 ${formatYuan(owed.penalty)} 元`,
    );
    overdue++;
    penaltyToDate += owed.penalty;
  }
  return { overdue, penaltyToDate };
}

/**
 * The pledge's second step: an OPEN margin call past its deadline is DEFAULTED, the financing flagged
 * in default and the operators given a follow-up task (whose approval applies the margin held).
 */
export async function defaultLapsedMarginCalls(tx: Tx, today: IsoDate) {
  let defaults = 0;
  const lapsed = await tx
    .select({ id: pledgeMarginCalls.id, financingId: pledgeMarginCalls.financingId })
    .from(pledgeMarginCalls)
    .where(and(eq(pledgeMarginCalls.status, 'OPEN'), lt(pledgeMarginCalls.deadline, today)))
    .orderBy(asc(pledgeMarginCalls.financingId));
  for (const c of lapsed) {
    const f = await lockPledge(tx, factorScope(), c.financingId);
    const [call] = await tx.select().from(pledgeMarginCalls).where(eq(pledgeMarginCalls.id, c.id)).for('update');
    if (!call || call.status !== 'OPEN') continue;
    await transition(tx, pledgeMarginCalls, marginCallLifecycle, call, 'DEFAULTED');
    await tx.update(pledgeFinancings).set({ defaulted: true, updatedAt: now() }).where(eq(pledgeFinancings.id, f.id));
    await recordPledgeEvent(
      tx,
      f.id,
      SYSTEM,
      '补缴保证金逾期',
      `应于 ${call.deadline} 前补缴 ${formatYuan(call.amount)} 元，未补缴，已标记违约`,
    );
    const [enterprise] = await tx
      .select({ name: enterpriseDirectory.name })
      .from(enterpriseDirectory)
      .where(eq(enterpriseDirectory.id, f.enterpriseId));
    await createTask(tx, {
      type: PLEDGE_TASK.MARGIN_DEFAULT,
      subject: `补缴保证金逾期 ${f.financingNo} ${enterprise?.name ?? ''} ${formatYuan(call.amount)} 元`,
      enterpriseId: f.enterpriseId,
      refId: call.id,
      data: { financingId: f.id, marginCallId: call.id },
      fields: [
        { label: '融资编号', value: f.financingNo },
        { label: '企业', value: enterprise?.name ?? '' },
        { label: '应补缴（元）', value: formatYuan(call.amount) },
        { label: '补缴期限', value: call.deadline },
        { label: '未还本金（元）', value: formatYuan(f.outstanding) },
      ],
      submittedBy: null,
    });
    defaults++;
  }
  return { defaults };
}

export const pledgeOverdueStep: CloseOfBusinessStep<{ overdue: number; penaltyToDate: number }> = {
  name: 'pledge-overdue',
  label: '质押融资：逾期标记与罚息计提',
  run: markPledgesOverdue,
  summary: (r) => `逾期 ${r.overdue} 笔；罚息累计 ¥${formatYuan(r.penaltyToDate)}`,
};

export const pledgeMarginDefaultStep: CloseOfBusinessStep<{ defaults: number }> = {
  name: 'pledge-margin-defaults',
  label: '质押融资：补缴保证金到期违约',
  run: defaultLapsedMarginCalls,
  summary: (r) => `补缴保证金逾期违约 ${r.defaults} 笔`,
};
