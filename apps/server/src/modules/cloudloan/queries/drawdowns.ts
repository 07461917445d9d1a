import {
  chinaDate,
  CLOUD_LOAN_DRAWDOWN_STATUS_LABELS,
  CLOUD_LOAN_INSTALMENT_STATUS_LABELS,
  CLOUD_LOAN_REPAYMENT_KIND_LABELS,
  REPAYMENT_METHOD_LABELS,
  type IsoDate,
} from '@factoring/domain';
import type { PageQuery } from '@factoring/domain/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cloudLoanApplications, cloudLoanDrawdowns, cloudLoanRepayments } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { offsetOf } from '../../../lib/paging.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import type { CloudLoanDrawdown as DrawdownAnswer, CloudLoanDrawdownDetail as DrawdownDetailAnswer } from '@factoring/domain/contract';
import { dueNowOf, payoffQuote, penaltyOf } from '../servicing.ts';
import { instalmentOverdue } from '../overdue.ts';
import { drawdownHistory, plans, type DrawdownRow } from '../store.ts';
import { cloudLoanTotals } from './totals.ts';

type DrawdownWithApp = DrawdownRow & { applicationNo: string; bankName: string };

/** A loan as listed; overdue on `today` when its oldest unpaid instalment (`next`) is past its due date. */
function drawdownView(d: DrawdownWithApp, next: { dueDate: string; payment: number } | undefined, today: IsoDate): DrawdownAnswer {
  return {
    id: d.id,
    drawdownNo: d.financingNo,
    applicationId: d.applicationId,
    applicationNo: d.applicationNo,
    bankName: d.bankName,
    principal: d.amount,
    outstandingPrincipal: d.outstandingPrincipal,
    annualRatePpm: d.annualRatePpm,
    termMonths: d.termMonths,
    method: d.method,
    methodLabel: REPAYMENT_METHOD_LABELS[d.method],
    startDate: d.applyDate,
    maturityDate: d.dueDate,
    status: d.status,
    statusLabel: CLOUD_LOAN_DRAWDOWN_STATUS_LABELS[d.status],
    overdue: next !== undefined && instalmentOverdue({ status: 'PENDING', dueDate: next.dueDate }, today),
    refNo: d.refNo,
    bankRef: d.bankRef,
    nextDueDate: next?.dueDate ?? null,
    nextPayment: next?.payment ?? null,
    createdAt: d.createdAt.toISOString(),
  };
}

const drawdownColumns = {
  d: cloudLoanDrawdowns,
  applicationNo: cloudLoanApplications.applicationNo,
  bankName: cloudLoanApplications.bankName,
};

export async function listDrawdowns(db: Db, scope: Scope, q: PageQuery & { applicationId?: number }, today: IsoDate) {
  const where = and(
    ownedBy(scope, cloudLoanDrawdowns.enterpriseId),
    q.applicationId ? eq(cloudLoanDrawdowns.applicationId, q.applicationId) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(drawdownColumns)
      .from(cloudLoanDrawdowns)
      .innerJoin(cloudLoanApplications, eq(cloudLoanApplications.id, cloudLoanDrawdowns.applicationId))
      .where(where)
      .orderBy(desc(cloudLoanDrawdowns.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(cloudLoanDrawdowns).where(where),
  ]);
  const next = await plans.nextDue(
    db,
    rows.map((r) => r.d.id),
  );
  return {
    items: rows.map((r) => drawdownView({ ...r.d, applicationNo: r.applicationNo, bankName: r.bankName }, next.get(r.d.id), today)),
    totalCount: total,
  };
}

/** One loan: its plan with what each instalment takes today, its repayments, today's pay-off quote and totals. */
export async function drawdownDetail(db: Db, scope: Scope, id: number, today: IsoDate = chinaDate()): Promise<DrawdownDetailAnswer> {
  const [row] = await db
    .select(drawdownColumns)
    .from(cloudLoanDrawdowns)
    .innerJoin(cloudLoanApplications, eq(cloudLoanApplications.id, cloudLoanDrawdowns.applicationId))
    .where(and(eq(cloudLoanDrawdowns.id, id), ownedBy(scope, cloudLoanDrawdowns.enterpriseId)));
  if (!row) throw new NotFoundError('云贷借款不存在');
  const d = row.d;
  const [instalments, repayments, totals, history] = await Promise.all([
    plans.planOf(db, id),
    db.select().from(cloudLoanRepayments).where(eq(cloudLoanRepayments.drawdownId, id)).orderBy(asc(cloudLoanRepayments.id)),
    cloudLoanTotals(db, scope, today, id),
    drawdownHistory(db, id),
  ]);
  const next = instalments.find((i) => i.status === 'PENDING');
  return {
    ...drawdownView({ ...d, applicationNo: row.applicationNo, bankName: row.bankName }, next, today),
    instalments: instalments.map((i) => ({
      period: i.period,
      dueDate: i.dueDate,
      payment: i.payment,
      principal: i.principal,
      interest: i.interest,
      remaining: i.remaining,
      status: i.status,
      statusLabel: CLOUD_LOAN_INSTALMENT_STATUS_LABELS[i.status],
      overdue: instalmentOverdue(i, today),
      penalty: i.status === 'PENDING' ? penaltyOf(d, i, today) : i.penaltyToDate,
      dueNow: dueNowOf(d, i, today),
      paidAt: i.paidAt,
    })),
    repayments: repayments.map((r) => ({
      id: r.id,
      kind: r.kind,
      kindLabel: CLOUD_LOAN_REPAYMENT_KIND_LABELS[r.kind],
      period: r.period,
      principal: r.principal,
      interest: r.interest,
      penalty: r.penalty,
      total: r.total,
      refNo: r.refNo,
      bankRef: r.bankRef,
      businessDate: r.businessDate,
      createdAt: r.createdAt.toISOString(),
    })),
    history,
    quote: d.status === 'SETTLED' ? null : payoffQuote(d, instalments, today),
    totals,
  };
}
