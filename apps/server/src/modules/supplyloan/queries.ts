import { addDays, FINANCING_STATUS_LABELS, INTEREST_MODE_LABELS, isIsoDate, type IsoDate } from '@factoring/domain';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  contracts,
  financingEvents,
  financingInvoices,
  financings,
  financingTranches,
  invoices,
  orderReceivables,
  platforms,
  repayments,
} from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, pageQuery } from '../../lib/paging.ts';
import { extensionsOf } from './extension.ts';
import { quoteOf } from './repay.ts';

const STATUSES = ['SUBMITTED', 'APPROVED', 'CONTRACT_SIGNED', 'DISBURSED', 'REPAYING', 'SETTLED', 'REJECTED', 'CANCELLED'] as const;
const isoDate = z.string().trim().refine(isIsoDate, '日期格式不正确，应为YYYY-MM-DD');

export const financingQuery = pageQuery.extend({
  status: z.enum(STATUSES).optional(),
  platformId: z.coerce.number().int().positive().optional(),
  kind: z.enum(['INVOICE', 'ORDER']).optional(),
  /** Application date range (inclusive). */
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  overdue: z.enum(['true', 'false']).optional(),
});

/** Which actions the user may take on a financing in its state (the buttons of myfinancing). */
export function actionsOf(f: { status: string; kind: string; overdue: boolean; contractSigned: boolean }) {
  const live = f.status === 'DISBURSED' || f.status === 'REPAYING';
  return {
    cancel: ['SUBMITTED', 'APPROVED', 'CONTRACT_SIGNED'].includes(f.status),
    signContract: ['SUBMITTED', 'APPROVED'].includes(f.status) && !f.contractSigned,
    repay: live,
    extend: live && !f.overdue,
    drawdown: f.kind === 'ORDER' && ['CONTRACT_SIGNED', 'DISBURSED', 'REPAYING'].includes(f.status) && !f.overdue,
  };
}

const listColumns = {
  id: financings.id,
  financingNo: financings.financingNo,
  kind: financings.kind,
  platformId: financings.platformId,
  platformName: platforms.name,
  amount: financings.amount,
  drawn: financings.drawn,
  termDays: financings.termDays,
  annualRatePpm: financings.annualRatePpm,
  interestMode: financings.interestMode,
  interest: financings.interest,
  serviceFee: financings.serviceFee,
  netAmount: financings.netAmount,
  applyDate: financings.applyDate,
  dueDate: financings.dueDate,
  status: financings.status,
  overdue: financings.overdue,
  extended: financings.extended,
  contractId: financings.contractId,
  contractStatus: contracts.status,
  createdAt: financings.createdAt,
  settledAt: financings.settledAt,
  outstanding: sql<number>`coalesce((select sum(t.outstanding) from financing_tranches t where t.financing_id = "financings"."id" and t.status = 'DISBURSED'), 0)::bigint`,
};

export async function listFinancings(db: Db, enterpriseId: number, q: z.output<typeof financingQuery>) {
  const where: SQL[] = [eq(financings.enterpriseId, enterpriseId)];
  if (q.status) where.push(eq(financings.status, q.status));
  if (q.platformId) where.push(eq(financings.platformId, q.platformId));
  if (q.kind) where.push(eq(financings.kind, q.kind));
  if (q.dateFrom) where.push(gte(financings.applyDate, q.dateFrom));
  if (q.dateTo) where.push(lte(financings.applyDate, q.dateTo));
  if (q.overdue) where.push(eq(financings.overdue, q.overdue === 'true'));
  const cond = and(...where);
  const [rows, [{ total }], [totals]] = await Promise.all([
    db
      .select(listColumns)
      .from(financings)
      .innerJoin(platforms, eq(platforms.id, financings.platformId))
      .leftJoin(contracts, eq(contracts.id, financings.contractId))
      .where(cond)
      .orderBy(desc(financings.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(financings).where(cond),
    db
      .select({
        amount: sql<number>`coalesce(sum(${financings.amount}), 0)::bigint`,
        drawn: sql<number>`coalesce(sum(${financings.drawn}), 0)::bigint`,
        outstanding: sql<number>`coalesce(sum((select coalesce(sum(t.outstanding), 0) from financing_tranches t where t.financing_id = "financings"."id" and t.status = 'DISBURSED')), 0)::bigint`,
      })
      .from(financings)
      .where(cond),
  ]);
  const items = rows.map((r) => {
    const outstanding = Number(r.outstanding);
    const contractSigned = r.contractStatus === 'SIGNED';
    return {
      ...r,
      outstanding,
      statusLabel: FINANCING_STATUS_LABELS[r.status],
      interestModeLabel: INTEREST_MODE_LABELS[r.interestMode],
      contractSigned,
      actions: actionsOf({ ...r, contractSigned }),
    };
  });
  return {
    items,
    totalCount: total,
    totals: { count: total, amount: Number(totals.amount), drawn: Number(totals.drawn), outstanding: Number(totals.outstanding) },
  };
}

/** The detail drawer: the financing, its backing, tranches with what is owed today, repayments, extensions, contracts, history. */
export async function financingDetail(db: Db, id: number, enterpriseId: number, today: IsoDate) {
  const [row] = await db
    .select({ f: financings, platformName: platforms.name })
    .from(financings)
    .innerJoin(platforms, eq(platforms.id, financings.platformId))
    .where(and(eq(financings.id, id), eq(financings.enterpriseId, enterpriseId)));
  if (!row) throw new NotFoundError('融资记录不存在');
  const f = row.f;
  const [tranches, backingInvoices, orders, repaid, extensions, contractRows, events] = await Promise.all([
    db.select().from(financingTranches).where(eq(financingTranches.financingId, f.id)).orderBy(asc(financingTranches.seq)),
    db
      .select({ id: invoices.id, invoiceCode: invoices.invoiceCode, invoiceNumber: invoices.invoiceNumber, issueDate: invoices.issueDate, amount: invoices.amount, status: invoices.status })
      .from(financingInvoices)
      .innerJoin(invoices, eq(invoices.id, financingInvoices.invoiceId))
      .where(eq(financingInvoices.financingId, f.id)),
    db.select().from(orderReceivables).where(eq(orderReceivables.financingId, f.id)),
    db.select().from(repayments).where(eq(repayments.financingId, f.id)).orderBy(asc(repayments.id)),
    extensionsOf(db, enterpriseId, [f.id]),
    db
      .select({ id: contracts.id, contractNo: contracts.contractNo, title: contracts.title, status: contracts.status, amount: contracts.amount, signedAt: contracts.signedAt, signedByName: contracts.signedByName, createdAt: contracts.createdAt })
      .from(contracts)
      .where(and(eq(contracts.relatedType, 'FINANCING'), eq(contracts.relatedId, String(f.id)), eq(contracts.enterpriseId, enterpriseId)))
      .orderBy(asc(contracts.id)),
    db.select().from(financingEvents).where(eq(financingEvents.financingId, f.id)).orderBy(asc(financingEvents.id)),
  ]);
  const open = tranches.filter((t) => t.status === 'DISBURSED');
  const quote = quoteOf(f, open, today);
  const contractSigned = contractRows.some((c) => c.status === 'SIGNED');
  return {
    ...f,
    platformName: row.platformName,
    statusLabel: FINANCING_STATUS_LABELS[f.status],
    interestModeLabel: INTEREST_MODE_LABELS[f.interestMode],
    contractSigned,
    actions: actionsOf({ ...f, contractSigned }),
    invoices: backingInvoices,
    order: orders[0] ?? null,
    /** The schedule: each tranche's dates and amounts, and for open ones what is owed today. */
    schedule: tranches.map((t) => ({
      id: t.id,
      seq: t.seq,
      status: t.status,
      amount: t.amount,
      termDays: t.termDays,
      interest: t.interest,
      serviceFee: t.serviceFee,
      netAmount: t.netAmount,
      startDate: t.startDate,
      dueDate: t.dueDate,
      outstanding: t.outstanding,
      principalPaid: t.principalPaid,
      interestPaid: t.interestPaid,
      penaltyPaid: t.penaltyPaid,
      overdue: t.overdue,
      extended: t.extended,
      owedToday: quote.tranches.find((q) => q.trancheId === t.id) ?? null,
    })),
    quote,
    repayments: repaid,
    extensions,
    contracts: contractRows,
    history: events,
  };
}

/**
 * `/user/factorRepayment`: the enterprise's disbursed financings by next due date, with the amount
 * due today; those due within 7 days or overdue are flagged (and, with `onlyDueSoon`, the only ones).
 */
export async function dueFinancings(db: Db, enterpriseId: number, today: IsoDate, onlyDueSoon = false, withinDays = 7) {
  const live = await db
    .select({ f: financings, platformName: platforms.name })
    .from(financings)
    .innerJoin(platforms, eq(platforms.id, financings.platformId))
    .where(and(eq(financings.enterpriseId, enterpriseId), inArray(financings.status, ['DISBURSED', 'REPAYING'])))
    .orderBy(asc(financings.dueDate));
  if (!live.length) return { items: [], totals: { count: 0, dueToday: 0, overdueCount: 0, dueSoonCount: 0 } };
  const tranches = await db
    .select()
    .from(financingTranches)
    .where(and(inArray(financingTranches.financingId, live.map((l) => l.f.id)), eq(financingTranches.status, 'DISBURSED')));
  const horizon = addDays(today, withinDays);
  const items = live
    .map(({ f, platformName }) => {
      const open = tranches.filter((t) => t.financingId === f.id);
      const quote = quoteOf(f, open, today);
      const nextDue = open.map((t) => t.dueDate!).sort()[0] ?? f.dueDate;
      return {
        id: f.id,
        financingNo: f.financingNo,
        platformName,
        amount: f.amount,
        nextDueDate: nextDue,
        overdue: f.overdue || quote.overdueDays > 0,
        overdueDays: quote.overdueDays,
        principal: quote.principal,
        interest: quote.interest,
        penalty: quote.penalty,
        dueToday: quote.total,
        dueSoon: f.overdue || quote.overdueDays > 0 || nextDue <= horizon,
        status: f.status,
        statusLabel: FINANCING_STATUS_LABELS[f.status],
      };
    })
    .filter((i) => !onlyDueSoon || i.dueSoon)
    .sort((a, b) => (a.nextDueDate < b.nextDueDate ? -1 : a.nextDueDate > b.nextDueDate ? 1 : a.id - b.id));
  return {
    items,
    totals: {
      count: items.length,
      dueToday: items.reduce((s, i) => s + i.dueToday, 0),
      overdueCount: items.filter((i) => i.overdue).length,
      dueSoonCount: items.filter((i) => i.dueSoon).length,
    },
  };
}

export const drawdownQuery = pageQuery.extend({ financingId: z.coerce.number().int().positive().optional() });

/** Order-loan drawdowns of the enterprise (the orderdrawings page). */
export async function listDrawdowns(db: Db, enterpriseId: number, q: z.output<typeof drawdownQuery>) {
  const where = and(eq(financingTranches.enterpriseId, enterpriseId), eq(financings.kind, 'ORDER'), q.financingId ? eq(financingTranches.financingId, q.financingId) : undefined);
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: financingTranches.id,
        financingId: financings.id,
        financingNo: financings.financingNo,
        seq: financingTranches.seq,
        amount: financingTranches.amount,
        termDays: financingTranches.termDays,
        interest: financingTranches.interest,
        serviceFee: financingTranches.serviceFee,
        netAmount: financingTranches.netAmount,
        status: financingTranches.status,
        startDate: financingTranches.startDate,
        dueDate: financingTranches.dueDate,
        outstanding: financingTranches.outstanding,
        overdue: financingTranches.overdue,
        createdAt: financingTranches.createdAt,
      })
      .from(financingTranches)
      .innerJoin(financings, eq(financings.id, financingTranches.financingId))
      .where(where)
      .orderBy(desc(financingTranches.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(financingTranches).innerJoin(financings, eq(financings.id, financingTranches.financingId)).where(where),
  ]);
  return { items, totalCount: total };
}

/** Order loans that may be drawn: signed, not settled, with room left. */
export async function drawableOrderLoans(db: Db, enterpriseId: number) {
  const rows = await db
    .select({ f: financings, orderNo: orderReceivables.orderNo, platformName: platforms.name })
    .from(financings)
    .innerJoin(platforms, eq(platforms.id, financings.platformId))
    .leftJoin(orderReceivables, eq(orderReceivables.financingId, financings.id))
    .where(and(eq(financings.enterpriseId, enterpriseId), eq(financings.kind, 'ORDER'), inArray(financings.status, ['CONTRACT_SIGNED', 'DISBURSED', 'REPAYING'])))
    .orderBy(desc(financings.id));
  const pending = rows.length
    ? await db
        .select({ financingId: financingTranches.financingId, amount: financingTranches.amount })
        .from(financingTranches)
        .where(and(inArray(financingTranches.financingId, rows.map((r) => r.f.id)), eq(financingTranches.status, 'PENDING')))
    : [];
  return rows.map(({ f, orderNo, platformName }) => {
    const waiting = pending.filter((p) => p.financingId === f.id).reduce((s, p) => s + p.amount, 0);
    return {
      id: f.id,
      financingNo: f.financingNo,
      orderNo,
      platformName,
      amount: f.amount,
      drawn: f.drawn,
      waiting,
      room: f.amount - f.drawn - waiting,
      termDays: f.termDays,
      annualRatePpm: f.annualRatePpm,
      serviceFeeRatePpm: f.serviceFeeRatePpm,
      interestMode: f.interestMode,
      overdue: f.overdue,
      status: f.status,
      statusLabel: FINANCING_STATUS_LABELS[f.status],
    };
  });
}

/** The dashboard cards: credit lines, what falls due within 7 days, financing contracts to sign. */
export async function supplyLoanSummary(db: Db, enterpriseId: number, today: IsoDate) {
  const lines = await db
    .select({ limit: sql<number>`coalesce(sum(credit_limit), 0)::bigint`, used: sql<number>`coalesce(sum(used), 0)::bigint`, reserved: sql<number>`coalesce(sum(reserved), 0)::bigint`, n: count() })
    .from(sql`credit_lines`)
    .where(sql`enterprise_id = ${enterpriseId} and status = 'ACTIVE' and expiry_date >= ${today}`);
  const due = await dueFinancings(db, enterpriseId, today, true);
  const [toSign] = await db
    .select({ n: count() })
    .from(contracts)
    .where(and(eq(contracts.enterpriseId, enterpriseId), eq(contracts.relatedType, 'FINANCING'), eq(contracts.status, 'TO_SIGN')));
  const l = lines[0];
  const limit = Number(l.limit);
  const used = Number(l.used);
  const reserved = Number(l.reserved);
  return {
    creditLines: { count: l.n, limit, used, reserved, available: Math.max(0, limit - used - reserved) },
    dueSoon: { count: due.totals.count, amount: due.totals.dueToday, overdueCount: due.totals.overdueCount },
    contractsToSign: toSign.n,
  };
}
