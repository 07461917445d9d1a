// Dilutions (issue 36, PRODUCT §13): a financed invoice found void or reversed (红冲) after money went out,
// or credited in part by a credit note (红字发票, 部分红冲: CREDITED). The operator sees each at once with the exposure it leaves, read from the one loan book on the day.
import { dilutionLifecycle, INVOICE_CHECK_LABELS, type DilutionStatus, type InvoiceCheckOutcome, type IsoDate } from '@factoring/domain';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dilutions, financedAssets, invoiceChecks } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import type { LoanBook } from '../financing/index.ts';

export interface DilutionView {
  id: number;
  status: DilutionStatus;
  statusLabel: string;
  outcome: string;
  outcomeLabel: string;
  invoice: string;
  invoiceAmount: number;
  enterpriseId: number;
  enterpriseName: string;
  product: string;
  productLabel: string;
  financingId: number;
  financingNo: string;
  detectedOn: string;
  detectedAt: Date;
  message: string;
  /** What the financing owes on the day (principal, interest, penalty), from the loan book. */
  principal: number;
  interest: number;
  penalty: number;
  /** The financing's funded receivables still standing: the others' remaining amounts and this invoice's. */
  remainingBacking: number;
  /** Principal no longer covered by a standing receivable: max(0, principal − remaining backing). */
  exposure: number;
  /** A credit note's dilution: what the notes it found took off the invoice (null: void or reversed). */
  credited: number | null;
  /** What of this invoice still stands: 0 void or reversed, amount − credited after credit notes. */
  invoiceRemaining: number;
}

const CREDITED_LABEL = '部分红冲（红字发票）';

/** The dilutions (open first, newest first), each with the exposure it leaves on `asOf`. */
export async function listDilutions(db: Db, loans: LoanBook, asOf: IsoDate, filter: { status?: 'OPEN' | 'RESOLVED' } = {}) {
  const rows = await db
    .select({ d: dilutions, a: financedAssets, message: invoiceChecks.message, enterpriseName: enterpriseDirectory.name })
    .from(dilutions)
    .innerJoin(financedAssets, eq(financedAssets.id, dilutions.assetId))
    .innerJoin(invoiceChecks, eq(invoiceChecks.id, dilutions.checkId))
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, financedAssets.enterpriseId))
    .where(filter.status ? eq(dilutions.status, filter.status) : undefined)
    .orderBy(asc(dilutions.status), desc(dilutions.id))
    .limit(200);
  if (!rows.length) return [];
  // The same financing's other receivables that still stand (funded, not void or reversed): what remains of each.
  const financingIds = [...new Set(rows.map((r) => r.a.financingId))];
  const siblings = await db
    .select({ a: financedAssets, diluted: dilutions.outcome })
    .from(financedAssets)
    .leftJoin(dilutions, and(eq(dilutions.assetId, financedAssets.id), eq(dilutions.status, 'OPEN')))
    .where(and(inArray(financedAssets.financingId, financingIds), ne(financedAssets.status, 'RELEASED')));
  const book = await loans.positionsOn(db, asOf);
  const positions = new Map([...book.FACTOR, ...book.BANK].map((p) => [`${p.product}:${p.id}`, p]));
  return rows.map(({ d, a, message, enterpriseName }): DilutionView => {
    const position = positions.get(`${a.product}:${a.financingId}`);
    const standing = (x: typeof a) => x.amount - x.credited;
    const invoiceRemaining = d.outcome === 'CREDITED' ? standing(a) : 0;
    const remainingBacking =
      invoiceRemaining +
      siblings
        .filter(
          (s) =>
            s.a.product === a.product &&
            s.a.financingId === a.financingId &&
            s.a.id !== a.id &&
            s.a.status === 'FUNDED' &&
            (!s.diluted || s.diluted === 'CREDITED'),
        )
        .reduce((sum, s) => sum + standing(s.a), 0);
    const principal = position?.principal ?? 0;
    return {
      id: d.id,
      status: d.status,
      statusLabel: dilutionLifecycle.label(d.status),
      outcome: d.outcome,
      outcomeLabel: d.outcome === 'CREDITED' ? CREDITED_LABEL : INVOICE_CHECK_LABELS[d.outcome as InvoiceCheckOutcome],
      invoice: a.label,
      invoiceAmount: a.amount,
      enterpriseId: a.enterpriseId,
      enterpriseName,
      product: a.product,
      productLabel: loans.lineOf(a.product)?.label ?? a.product,
      financingId: a.financingId,
      financingNo: a.financingNo,
      detectedOn: d.detectedOn,
      detectedAt: d.detectedAt,
      message,
      principal,
      interest: position?.interest ?? 0,
      penalty: position?.penalty ?? 0,
      remainingBacking,
      exposure: Math.max(0, principal - remainingBacking),
      credited: d.credited,
      invoiceRemaining,
    };
  });
}

/** How many dilutions are open (the operator's badge). */
export async function openDilutionCount(db: Db) {
  const rows = await db.select({ id: dilutions.id }).from(dilutions).where(eq(dilutions.status, 'OPEN'));
  return rows.length;
}
