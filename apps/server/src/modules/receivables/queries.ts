// What operators read of receivables (issue 36): the financed-assets table with each invoice's last check,
// an asset's checks, and the simulated bureau's invoices.
import {
  bureauInvoiceLifecycle,
  FINANCED_ASSET_KIND_LABELS,
  financedAssetLifecycle,
  INVOICE_CHECK_LABELS,
  INVOICE_CHECK_TRIGGER_LABELS,
  type FinancedAssetStatus,
  type InvoiceCheckOutcome,
  type InvoiceCheckTrigger,
} from '@factoring/domain';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dilutions, financedAssets, invoiceChecks, taxBureauInvoices } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { enterpriseDirectory } from '../account/index.ts';
import type { LoanBook } from '../financing/index.ts';
import { checksOf, latestChecks, type InvoiceCheck } from './invoice-checks.ts';
import type { BureauInvoice } from './tax-bureau.ts';

/** A check as the contract's `invoiceCheckSchema` sends it. */
export const checkView = (c: InvoiceCheck) => ({
  id: c.id,
  trigger: c.trigger,
  triggerLabel: INVOICE_CHECK_TRIGGER_LABELS[c.trigger as InvoiceCheckTrigger],
  outcome: c.outcome,
  outcomeLabel: INVOICE_CHECK_LABELS[c.outcome as InvoiceCheckOutcome],
  message: c.message,
  problems: c.problems,
  verifier: c.verifier,
  actorName: c.actorName,
  checkedOn: c.checkedOn,
  checkedAt: c.checkedAt,
  bureau: c.bureau ?? null,
});

/** The latest check in short (lists). */
export const summaryOf = (c: InvoiceCheck | undefined) =>
  c
    ? {
        outcome: c.outcome,
        outcomeLabel: INVOICE_CHECK_LABELS[c.outcome as InvoiceCheckOutcome],
        message: c.message,
        checkedAt: c.checkedAt,
      }
    : null;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export async function financedAssetPage(
  db: Db,
  loans: LoanBook,
  q: { page: number; size: number; status?: FinancedAssetStatus; keyword?: string },
) {
  const where = and(
    q.status ? eq(financedAssets.status, q.status) : undefined,
    q.keyword ? or(ilike(financedAssets.label, like(q.keyword)), ilike(financedAssets.financingNo, like(q.keyword))) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(financedAssets).where(where);
  const rows = await db
    .select({ a: financedAssets, enterpriseName: enterpriseDirectory.name, diluted: dilutions.id })
    .from(financedAssets)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, financedAssets.enterpriseId))
    .leftJoin(dilutions, and(eq(dilutions.assetId, financedAssets.id), eq(dilutions.status, 'OPEN')))
    .where(where)
    .orderBy(desc(financedAssets.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const last = await latestChecks(
    db,
    rows.filter((r) => r.a.kind === 'INVOICE').map((r) => r.a.assetKey),
  );
  return {
    items: rows.map(({ a, enterpriseName, diluted }) => ({
      id: a.id,
      kind: a.kind,
      kindLabel: FINANCED_ASSET_KIND_LABELS[a.kind],
      label: a.label,
      amount: a.amount,
      status: a.status,
      statusLabel: financedAssetLifecycle.label(a.status),
      enterpriseName,
      product: a.product,
      productLabel: loans.lineOf(a.product)?.label ?? a.product,
      financingNo: a.financingNo,
      orderKey: a.orderKey,
      maturesOn: a.maturesOn,
      heldAt: a.heldAt,
      lastCheck: summaryOf(last.get(a.assetKey)),
      diluted: diluted !== null,
    })),
    totalCount: Number(n),
  };
}

export async function financedAssetOf(db: Db | Tx, id: number) {
  const [row] = await db.select().from(financedAssets).where(eq(financedAssets.id, id));
  if (!row) throw new NotFoundError('已融资应收账款不存在');
  return row;
}

export async function checkById(db: Db, id: number) {
  const [row] = await db.select().from(invoiceChecks).where(eq(invoiceChecks.id, id));
  if (!row) throw new NotFoundError('查验记录不存在');
  return row;
}

export async function assetChecks(db: Db, id: number) {
  const asset = await financedAssetOf(db, id);
  return (await checksOf(db, asset.assetKey)).map(checkView);
}

export const bureauInvoiceView = (row: BureauInvoice) => ({
  id: row.id,
  invoiceCode: row.invoiceCode,
  invoiceNumber: row.invoiceNumber,
  sellerCreditCode: row.sellerCreditCode,
  sellerName: row.sellerName,
  buyerCreditCode: row.buyerCreditCode,
  buyerName: row.buyerName,
  issueDate: row.issueDate,
  amount: row.amount,
  taxAmount: row.taxAmount,
  remark: row.remark,
  orderNo: row.orderNo,
  status: row.status,
  statusLabel: bureauInvoiceLifecycle.label(row.status),
  statusDate: row.statusDate,
  statusNote: row.statusNote,
  credited: row.credited,
  remaining: row.amount - row.credited,
});

export async function bureauInvoicePage(db: Db, q: { page: number; size: number; keyword?: string }) {
  const where = q.keyword
    ? or(
        ilike(taxBureauInvoices.bureauKey, like(q.keyword)),
        ilike(taxBureauInvoices.sellerName, like(q.keyword)),
        ilike(taxBureauInvoices.buyerName, like(q.keyword)),
      )
    : undefined;
  const [{ n }] = await db.select({ n: count() }).from(taxBureauInvoices).where(where);
  const rows = await db
    .select()
    .from(taxBureauInvoices)
    .where(where)
    .orderBy(desc(taxBureauInvoices.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { items: rows.map(bureauInvoiceView), totalCount: Number(n) };
}
