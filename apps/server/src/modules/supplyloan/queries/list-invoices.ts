import type { InvoiceListQuery } from '@factoring/domain/contract';
import { invoiceLifecycle } from '@factoring/domain';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { financings, invoices } from '../../../db/schema/index.ts';
import { enterpriseDirectoryAs } from '../../account/index.ts';
import { offsetOf } from '../../../lib/paging.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';

const buyer = enterpriseDirectoryAs('buyer');

/** The invoices (receivables) in a scope, newest first, with the buyer and the financing they back. */
export async function listInvoices(db: Db, scope: Scope, q: InvoiceListQuery) {
  const where: SQL[] = [ownedBy(scope, invoices.enterpriseId)];
  if (q.status) where.push(eq(invoices.status, q.status));
  if (q.buyerEnterpriseId) where.push(eq(invoices.buyerEnterpriseId, q.buyerEnterpriseId));
  if (q.keyword)
    where.push(
      sql`(${invoices.invoiceNumber} like ${`%${q.keyword.replace(/[\\%_]/g, '')}%`} or ${invoices.invoiceCode} like ${`%${q.keyword.replace(/[\\%_]/g, '')}%`})`,
    );
  const cond = and(...where);
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: invoices.id,
        invoiceCode: invoices.invoiceCode,
        invoiceNumber: invoices.invoiceNumber,
        issueDate: invoices.issueDate,
        amount: invoices.amount,
        taxAmount: invoices.taxAmount,
        buyerEnterpriseId: invoices.buyerEnterpriseId,
        buyerName: buyer.name,
        imageUploadId: invoices.imageUploadId,
        status: invoices.status,
        reviewNote: invoices.reviewNote,
        financingId: invoices.financingId,
        financingNo: financings.financingNo,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .innerJoin(buyer, eq(buyer.id, invoices.buyerEnterpriseId))
      .leftJoin(financings, eq(financings.id, invoices.financingId))
      .where(cond)
      .orderBy(desc(invoices.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(invoices).where(cond),
  ]);
  return { items: items.map((i) => ({ ...i, statusLabel: invoiceLifecycle.label(i.status) })), totalCount: total };
}
