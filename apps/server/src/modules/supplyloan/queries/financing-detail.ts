import { chinaDate, financingLifecycle, INTEREST_MODE_LABELS, type IsoDate } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { financingInvoices, financings, financingTranches, invoices, orderReceivables, repayments } from '../../../db/schema/index.ts';
import { platformDirectory, transferVouchersOfLoan, type TransferVoucher } from '../../financing/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { extensionsOf } from './list-extensions.ts';
import { actionsOf } from '../financing-actions.ts';
import { quoteOf } from './quote.ts';
import { financingHistory, OFFLINE_VOUCHER } from '../store.ts';
import { trancheOverdue } from '../overdue.ts';
import { contractDirectory } from '../../contracts/index.ts';

/** The detail drawer: the financing, its backing, tranches with what is owed today, repayments, extensions, contracts, history. */
export async function financingDetail(db: Db, scope: Scope, id: number, today: IsoDate) {
  const [row] = await db
    .select({ f: financings, platformName: platformDirectory.name })
    .from(financings)
    .innerJoin(platformDirectory, eq(platformDirectory.id, financings.platformId))
    .where(and(eq(financings.id, id), ownedBy(scope, financings.enterpriseId)));
  if (!row) throw new NotFoundError('融资记录不存在');
  const f = row.f;
  const [tranches, backingInvoices, orders, repaid, vouchers, extensions, contractRows, events] = await Promise.all([
    db.select().from(financingTranches).where(eq(financingTranches.financingId, f.id)).orderBy(asc(financingTranches.seq)),
    db
      .select({
        id: invoices.id,
        invoiceCode: invoices.invoiceCode,
        invoiceNumber: invoices.invoiceNumber,
        issueDate: invoices.issueDate,
        amount: invoices.amount,
        status: invoices.status,
      })
      .from(financingInvoices)
      .innerJoin(invoices, eq(invoices.id, financingInvoices.invoiceId))
      .where(eq(financingInvoices.financingId, f.id)),
    db.select().from(orderReceivables).where(eq(orderReceivables.financingId, f.id)),
    db.select().from(repayments).where(eq(repayments.financingId, f.id)).orderBy(asc(repayments.id)),
    transferVouchersOfLoan(db, OFFLINE_VOUCHER.product, f.id, 'asc'),
    extensionsOf(db, scope, [f.id]),
    db
      .select({
        id: contractDirectory.id,
        contractNo: contractDirectory.contractNo,
        title: contractDirectory.title,
        status: contractDirectory.status,
        amount: contractDirectory.amount,
        signedAt: contractDirectory.signedAt,
        signedByName: contractDirectory.signedByName,
        createdAt: contractDirectory.createdAt,
      })
      .from(contractDirectory)
      .where(
        and(
          eq(contractDirectory.relatedType, 'FINANCING'),
          eq(contractDirectory.relatedId, String(f.id)),
          ownedBy(scope, contractDirectory.enterpriseId),
        ),
      )
      .orderBy(asc(contractDirectory.id)),
    financingHistory(db, f.id),
  ]);
  const open = tranches.filter((t) => t.status === 'DISBURSED');
  const quote = quoteOf(f, open, today);
  const contractSigned = contractRows.some((c) => c.status === 'SIGNED');
  const overdue = open.some((t) => trancheOverdue(t, today));
  return {
    ...f,
    overdue,
    platformName: row.platformName,
    statusLabel: financingLifecycle.label(f.status),
    interestModeLabel: INTEREST_MODE_LABELS[f.interestMode],
    contractSigned,
    actions: actionsOf({ ...f, overdue, contractSigned }),
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
      annualRatePpm: t.annualRatePpm ?? f.annualRatePpm,
      interestFrom: t.interestFrom,
      principalPaid: t.principalPaid,
      interestPaid: t.interestPaid,
      penaltyPaid: t.penaltyPaid,
      overdue: trancheOverdue(t, today),
      extended: t.extended,
      owedToday: quote.tranches.find((q) => q.trancheId === t.id) ?? null,
    })),
    quote,
    repayments: [
      ...repaid.map((r) => ({ ...r, interestRefund: r.allocations.reduce((s, a) => s + (a.interestRefund ?? 0), 0) })),
      ...vouchers.flatMap(unbookedVoucher),
    ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    extensions,
    contracts: contractRows,
    history: events,
  };
}

/**
 * An offline repayment not (yet) booked — its voucher waits or was rejected — in the repayment list's shape: the
 * list shows what the enterprise sent, as it always did; a confirmed one is the repayment it booked.
 */
function unbookedVoucher(v: TransferVoucher) {
  if (v.purpose !== OFFLINE_VOUCHER.purpose || (v.status !== 'PENDING' && v.status !== 'REJECTED')) return [];
  return [
    {
      id: v.id,
      financingId: v.loanId,
      enterpriseId: v.enterpriseId,
      method: 'OFFLINE' as const,
      amount: v.amount,
      principal: 0,
      interest: 0,
      penalty: 0,
      allocations: [],
      interestRefund: 0,
      status: v.status,
      voucherUploadId: v.uploadId,
      payerAccountName: v.payerAccountName,
      payerAccountNo: v.payerAccountNo,
      entryId: null,
      refNo: null,
      reviewNote: v.reviewNote,
      repayDate: chinaDate(v.createdAt),
      createdBy: v.createdBy,
      confirmedBy: v.decidedBy,
      createdAt: v.createdAt,
      confirmedAt: v.decidedAt,
    },
  ];
}
