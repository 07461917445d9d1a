// Servicing a cloud loan's instalments, shared by the repayments (operations/repay-instalment.ts,
// operations/payoff.ts), the daily debit (jobs/daily-debit.ts), the reads and the loan book's positions.
import {
  allocateInstalment,
  CLOUD_LOAN_REPAYMENT_KIND_LABELS,
  formatYuan,
  instalmentOwed,
  scheduleQuote,
  type Cents,
  type ScheduleQuote,
  type CloudLoanRepaymentKind,
  type IsoDate,
} from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cloudLoanDrawdowns, cloudLoanRepayments } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { Instalment } from '../financing/index.ts';
import { releaseControlledFunds } from '../funds/index.ts';
import { postRepayment } from '../ledger/index.ts';
import type { BankAdapters } from './bank-adapter.ts';
import { moveDrawdown, plans, recordDrawdownEvent, SYSTEM, termsOf, type Actor, type DrawdownRow } from './store.ts';
import { now } from '../../lib/clock.ts';

export type InstalmentRow = Instalment;

/** A drawdown as its plan's terms need it. */
type Terms = Parameters<typeof termsOf>[0];

/**
 * The instalments are balances of the lending core's one accrual rule (the domain's loan-schedule.ts,
 * issue 35): penalty interest on an unpaid instalment's principal from its due date (PRODUCT §2: × 1.5
 * by default), what paying it takes today, the pay-off quote.
 */
export function penaltyOf(d: Terms, i: InstalmentRow, asOf: IsoDate): Cents {
  return instalmentOwed(termsOf(d), i, asOf).penalty;
}

/** What paying an instalment on `asOf` takes: its payment plus penalty to date. */
export const dueNowOf = (d: Terms, i: InstalmentRow, asOf: IsoDate): number => instalmentOwed(termsOf(d), i, asOf).total;

/** A drawdown's booked plan, by period. */
export const instalmentsOf = (tx: Tx, drawdownId: number): Promise<InstalmentRow[]> => plans.planOf(tx, drawdownId);

export type PayoffQuote = ScheduleQuote;

/** Paying the whole loan off on `asOf` (the schedule's quote: due instalments with penalty, the rest, the running period). */
export const payoffQuote = (d: Terms, instalments: InstalmentRow[], asOf: IsoDate): PayoffQuote =>
  scheduleQuote(termsOf(d), instalments, asOf);

interface Collected {
  repaymentId: number | null;
  period: number | null;
  refNo: string;
  /** The bank's reference of the repayment (null when nothing was collected). */
  bankRef: string | null;
  principal: number;
  interest: number;
  penalty: number;
  total: number;
}

/** Books one repayment: the ledger posting from the available funds, the bank's notice (its reference kept) and the record. */
export async function book(
  tx: Tx,
  banks: BankAdapters,
  d: DrawdownRow,
  p: {
    kind: CloudLoanRepaymentKind;
    period: number | null;
    principal: number;
    interest: number;
    penalty: number;
    businessDate: IsoDate;
    actor: Actor | null;
  },
): Promise<Collected> {
  const total = p.principal + p.interest + p.penalty;
  if (total === 0)
    return { repaymentId: null, period: p.period, refNo: '', bankRef: null, principal: 0, interest: 0, penalty: 0, total: 0 };
  const sourceRef = p.period ? `${d.financingNo}-${p.period}` : d.financingNo;
  const entry = await postRepayment(tx, {
    enterpriseId: d.enterpriseId,
    principal: p.principal as Cents,
    interest: p.interest as Cents,
    penalty: p.penalty as Cents,
    sourceRef,
    createdBy: p.actor?.id ?? null,
  });
  const { bankRef } = await banks.named(d.bankAdapter).repay(tx, {
    drawdownNo: d.financingNo,
    drawdownBankRef: d.bankRef,
    refNo: entry.refNo,
    kind: p.kind,
    period: p.period,
    principal: p.principal,
    interest: p.interest,
    penalty: p.penalty,
    businessDate: p.businessDate,
  });
  const [row] = await tx
    .insert(cloudLoanRepayments)
    .values({
      drawdownId: d.id,
      enterpriseId: d.enterpriseId,
      kind: p.kind,
      period: p.period,
      principal: p.principal,
      interest: p.interest,
      penalty: p.penalty,
      total,
      entryId: entry.entryId,
      refNo: entry.refNo,
      bankRef,
      businessDate: p.businessDate,
      createdBy: p.actor?.id ?? null,
    })
    .returning({ id: cloudLoanRepayments.id });
  return {
    repaymentId: row.id,
    period: p.period,
    refNo: entry.refNo,
    bankRef,
    principal: p.principal,
    interest: p.interest,
    penalty: p.penalty,
    total,
  };
}

/**
 * After money came in: the repayment in the loan's history; DRAWN → REPAYING, → SETTLED when nothing is
 * pending; the overdue flag follows the instalments.
 */
export async function afterRepayment(
  tx: Tx,
  d: DrawdownRow,
  collected: Collected,
  kind: CloudLoanRepaymentKind,
  actor: Actor,
): Promise<DrawdownRow> {
  if (collected.total > 0)
    await recordDrawdownEvent(
      tx,
      d.id,
      actor,
      CLOUD_LOAN_REPAYMENT_KIND_LABELS[kind],
      `${collected.period ? `第 ${collected.period} 期，` : ''}本金 ¥${formatYuan(collected.principal)}，利息 ¥${formatYuan(collected.interest)}，罚息 ¥${formatYuan(collected.penalty)}（${collected.refNo}）`,
    );
  const rest = await instalmentsOf(tx, d.id);
  const pending = rest.filter((i) => i.status === 'PENDING');
  const outstandingPrincipal = d.outstandingPrincipal - collected.principal;
  const overdue = pending.some((i) => i.overdue);
  let current = d;
  if (current.status === 'DRAWN' && pending.length) current = await moveDrawdown(tx, current, 'REPAYING', actor, '还款中');
  if (!pending.length) {
    // Settled: what is left of a controlled drawdown becomes free funds (issue 24).
    await releaseControlledFunds(tx, { enterpriseId: d.enterpriseId, loanRef: d.financingNo });
    return moveDrawdown(tx, current, 'SETTLED', actor, '结清', null, { outstandingPrincipal: 0, overdue: false, settledAt: now() });
  }
  const [updated] = await tx
    .update(cloudLoanDrawdowns)
    .set({ outstandingPrincipal, overdue, updatedAt: now() })
    .where(eq(cloudLoanDrawdowns.id, d.id))
    .returning();
  return updated;
}

/** Collects one whole instalment (with its penalty to the day) and marks it paid. */
export async function collectInstalment(
  tx: Tx,
  banks: BankAdapters,
  d: DrawdownRow,
  i: InstalmentRow,
  kind: CloudLoanRepaymentKind,
  businessDate: IsoDate,
  actor: Actor | null,
) {
  const { principal, interest, penalty } = allocateInstalment(termsOf(d), i, businessDate);
  const collected = await book(tx, banks, d, { kind, period: i.period, principal, interest, penalty, businessDate, actor });
  await plans.settle(tx, i, 'PAID', { paidAt: businessDate, penaltyToDate: penalty, penaltyAsOf: businessDate });
  const after = await afterRepayment(tx, d, collected, kind, actor ?? SYSTEM);
  return { ...collected, status: after.status };
}

export function assertServicing(d: DrawdownRow) {
  if (d.status === 'SETTLED') throw new BusinessError('该笔云贷已结清，无需还款', 'SETTLED');
}

/** Marks the earliest unpaid instalment overdue with its penalty to date (the daily job, when the balance is short). */
export async function markOverdue(tx: Tx, d: DrawdownRow, i: InstalmentRow, businessDate: IsoDate) {
  await plans.markOverdue(tx, i.id, penaltyOf(d, i, businessDate), businessDate);
  if (!d.overdue) await tx.update(cloudLoanDrawdowns).set({ overdue: true, updatedAt: now() }).where(eq(cloudLoanDrawdowns.id, d.id));
  // The history notes the day an instalment was first found unpaid (the job marks it again every day after).
  if (!i.overdue)
    await recordDrawdownEvent(tx, d.id, SYSTEM, '逾期', `第 ${i.period} 期到期日 ${i.dueDate} 扣款不足，自到期日起按罚息利率计收罚息`);
}
