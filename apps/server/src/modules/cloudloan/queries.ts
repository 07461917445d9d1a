import {
  chinaDate,
  CLOUD_LOAN_APPLICATION_STATUS_LABELS,
  CLOUD_LOAN_DRAWDOWN_STATUS_LABELS,
  CLOUD_LOAN_INSTALMENT_STATUS_LABELS,
  CLOUD_LOAN_REPAYMENT_KIND_LABELS,
  compareIsoDates,
  REPAYMENT_METHOD_LABELS,
  type IsoDate,
} from '@factoring/domain';
import type { CloudLoanApplication, CloudLoanCredit, CloudLoanTotals, PageQuery } from '@factoring/domain/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cloudLoanApplications, cloudLoanDrawdowns, cloudLoanInstalments, cloudLoanRepayments } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../lib/scope.ts';
import { availableOf } from './draw.ts';
import type { CloudLoanDrawdown as DrawdownAnswer, CloudLoanDrawdownDetail as DrawdownDetailAnswer } from '@factoring/domain/contract';
import { dueNowOf, payoffQuote, penaltyOf } from './servicing.ts';
import { drawdownOverdueSql, instalmentOverdue } from './overdue.ts';
import { drawdownHistory, type ApplicationRow, type DrawdownRow } from './store.ts';
import { contractDirectory } from '../contracts/index.ts';

const offset = (q: PageQuery) => (q.page - 1) * q.size;

function applicationView(a: ApplicationRow & { contractNo: string | null }): CloudLoanApplication {
  return {
    id: a.id,
    applicationNo: a.applicationNo,
    status: a.status,
    statusLabel: CLOUD_LOAN_APPLICATION_STATUS_LABELS[a.status],
    amount: a.amount,
    termMonths: a.termMonths,
    method: a.method,
    methodLabel: REPAYMENT_METHOD_LABELS[a.method],
    purpose: a.purpose,
    lastYearRevenue: a.lastYearRevenue,
    lastYearTax: a.lastYearTax,
    contactName: a.contactName,
    contactPhone: a.contactPhone,
    bankName: a.bankName,
    grantedAmount: a.grantedAmount,
    grantedRatePpm: a.grantedRatePpm,
    grantedTermMonths: a.grantedTermMonths,
    grantedAt: a.grantedAt,
    expiryDate: a.expiryDate,
    drawnAmount: a.drawnAmount,
    rejectReason: a.rejectReason,
    contractId: a.contractId,
    contractNo: a.contractNo,
    agreementSigned: a.agreementSignedAt !== null,
    createdAt: a.createdAt.toISOString(),
  };
}

const applicationColumns = { a: cloudLoanApplications, contractNo: contractDirectory.contractNo };

export async function listApplications(db: Db, scope: Scope, q: PageQuery) {
  const where = ownedBy(scope, cloudLoanApplications.enterpriseId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(applicationColumns)
      .from(cloudLoanApplications)
      .leftJoin(contractDirectory, eq(contractDirectory.id, cloudLoanApplications.contractId))
      .where(where)
      .orderBy(desc(cloudLoanApplications.id))
      .limit(q.size)
      .offset(offset(q)),
    db.select({ total: count() }).from(cloudLoanApplications).where(where),
  ]);
  return { items: rows.map((r) => applicationView({ ...r.a, contractNo: r.contractNo })), totalCount: total };
}

export async function applicationDetail(db: Db, scope: Scope, id: number): Promise<CloudLoanApplication> {
  const [row] = await db
    .select(applicationColumns)
    .from(cloudLoanApplications)
    .leftJoin(contractDirectory, eq(contractDirectory.id, cloudLoanApplications.contractId))
    .where(and(eq(cloudLoanApplications.id, id), ownedBy(scope, cloudLoanApplications.enterpriseId)));
  if (!row) throw new NotFoundError('云贷申请不存在');
  return applicationView({ ...row.a, contractNo: row.contractNo });
}

const CREDIT_STATE_LABELS = { VALID: '可提款', EXPIRED: '已过期', USED_UP: '额度已用完', UNSIGNED: '待签署借款协议' } as const;

function creditView(a: ApplicationRow, today: IsoDate): CloudLoanCredit {
  const available = compareIsoDates(today, a.expiryDate!) > 0 ? 0 : availableOf(a);
  const state =
    compareIsoDates(today, a.expiryDate!) > 0 ? 'EXPIRED' : !a.agreementSignedAt ? 'UNSIGNED' : available === 0 ? 'USED_UP' : 'VALID';
  return {
    applicationId: a.id,
    applicationNo: a.applicationNo,
    bankName: a.bankName,
    grantedAmount: a.grantedAmount!,
    drawnAmount: a.drawnAmount,
    availableAmount: available,
    annualRatePpm: a.grantedRatePpm!,
    termMonths: a.grantedTermMonths!,
    method: a.method,
    methodLabel: REPAYMENT_METHOD_LABELS[a.method],
    grantedAt: a.grantedAt!,
    expiryDate: a.expiryDate!,
    state,
    stateLabel: CREDIT_STATE_LABELS[state],
    contractId: a.contractId,
  };
}

/** The credit granted to the enterprise: granted, drawn, available and validity of each grant. */
export async function listCredits(db: Db, scope: Scope, today: IsoDate = chinaDate()): Promise<CloudLoanCredit[]> {
  const rows = await db
    .select()
    .from(cloudLoanApplications)
    .where(and(ownedBy(scope, cloudLoanApplications.enterpriseId), eq(cloudLoanApplications.status, 'GRANTED')))
    .orderBy(desc(cloudLoanApplications.id));
  return rows.map((a) => creditView(a, today));
}

type DrawdownWithApp = DrawdownRow & { applicationNo: string; bankName: string };

/** A loan as listed; overdue on `today` when its oldest unpaid instalment (`next`) is past its due date. */
function drawdownView(d: DrawdownWithApp, next: { dueDate: string; payment: number } | undefined, today: IsoDate): DrawdownAnswer {
  return {
    id: d.id,
    drawdownNo: d.drawdownNo,
    applicationId: d.applicationId,
    applicationNo: d.applicationNo,
    bankName: d.bankName,
    principal: d.principal,
    outstandingPrincipal: d.outstandingPrincipal,
    annualRatePpm: d.annualRatePpm,
    termMonths: d.termMonths,
    method: d.method,
    methodLabel: REPAYMENT_METHOD_LABELS[d.method],
    startDate: d.startDate,
    maturityDate: d.maturityDate,
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

async function nextDue(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { dueDate: string; payment: number }>();
  const rows = await db
    .selectDistinctOn([cloudLoanInstalments.drawdownId], {
      drawdownId: cloudLoanInstalments.drawdownId,
      dueDate: cloudLoanInstalments.dueDate,
      payment: cloudLoanInstalments.payment,
    })
    .from(cloudLoanInstalments)
    .where(and(inArray(cloudLoanInstalments.drawdownId, ids), eq(cloudLoanInstalments.status, 'PENDING')))
    .orderBy(cloudLoanInstalments.drawdownId, asc(cloudLoanInstalments.period));
  return new Map(rows.map((r) => [r.drawdownId, r]));
}

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
      .offset(offset(q)),
    db.select({ total: count() }).from(cloudLoanDrawdowns).where(where),
  ]);
  const next = await nextDue(
    db,
    rows.map((r) => r.d.id),
  );
  return {
    items: rows.map((r) => drawdownView({ ...r.d, applicationNo: r.applicationNo, bankName: r.bankName }, next.get(r.d.id), today)),
    totalCount: total,
  };
}

/** Repayment totals of the enterprise's cloud loans (or of one loan); overdue ones counted on `today` by the dates. */
export async function cloudLoanTotals(db: Db, scope: Scope, today: IsoDate, drawdownId?: number): Promise<CloudLoanTotals> {
  const loanWhere = and(ownedBy(scope, cloudLoanDrawdowns.enterpriseId), drawdownId ? eq(cloudLoanDrawdowns.id, drawdownId) : undefined);
  const [[loans], [repaid], [scheduled]] = await Promise.all([
    db
      .select({
        drawn: sql<string>`coalesce(sum(${cloudLoanDrawdowns.principal}), 0)`,
        outstanding: sql<string>`coalesce(sum(${cloudLoanDrawdowns.outstandingPrincipal}), 0)`,
        loans: count(),
        settled: sql<string>`count(*) filter (where ${cloudLoanDrawdowns.status} = 'SETTLED')`,
        overdue: sql<string>`count(*) filter (where ${drawdownOverdueSql(today)})`,
      })
      .from(cloudLoanDrawdowns)
      .where(loanWhere),
    db
      .select({
        principal: sql<string>`coalesce(sum(${cloudLoanRepayments.principal}), 0)`,
        interest: sql<string>`coalesce(sum(${cloudLoanRepayments.interest}), 0)`,
        penalty: sql<string>`coalesce(sum(${cloudLoanRepayments.penalty}), 0)`,
      })
      .from(cloudLoanRepayments)
      .innerJoin(cloudLoanDrawdowns, eq(cloudLoanDrawdowns.id, cloudLoanRepayments.drawdownId))
      .where(loanWhere),
    db
      .select({ interest: sql<string>`coalesce(sum(${cloudLoanInstalments.interest}), 0)` })
      .from(cloudLoanInstalments)
      .innerJoin(cloudLoanDrawdowns, eq(cloudLoanDrawdowns.id, cloudLoanInstalments.drawdownId))
      .where(loanWhere),
  ]);
  const n = Number;
  return {
    drawn: n(loans.drawn),
    outstandingPrincipal: n(loans.outstanding),
    repaidPrincipal: n(repaid.principal),
    repaidInterest: n(repaid.interest),
    repaidPenalty: n(repaid.penalty),
    repaidTotal: n(repaid.principal) + n(repaid.interest) + n(repaid.penalty),
    scheduledInterest: n(scheduled.interest),
    overdueCount: n(loans.overdue),
    loans: n(loans.loans),
    settledLoans: n(loans.settled),
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
    db.select().from(cloudLoanInstalments).where(eq(cloudLoanInstalments.drawdownId, id)).orderBy(asc(cloudLoanInstalments.period)),
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
