import type { InvoiceListQuery } from '@factoring/domain/contract';
import { intakeProblem, invoiceLifecycle, RECEIVABLE_TYPE_LABELS, type IsoDate } from '@factoring/domain';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { financings, invoices } from '../../../db/schema/index.ts';
import { enterpriseDirectoryAs } from '../../account/index.ts';
import { offsetOf } from '../../../lib/paging.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { bureauProblem, checksOf, financeBlocks, invoiceKeys, latestChecks, summaryOf } from '../../receivables/index.ts';

const buyer = enterpriseDirectoryAs('buyer');

/**
 * The invoices (receivables) in a scope, newest first, with the buyer and the financing they back, the tax
 * bureau's latest answer, and why one that is verified cannot be financed now (issue 36): an intake rule
 * (overdue), the bureau (void, reversed), or a financing that holds it or its order.
 */
export async function listInvoices(db: Db, scope: Scope, q: InvoiceListQuery, today: IsoDate) {
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
        enterpriseId: invoices.enterpriseId,
        receivableType: invoices.receivableType,
        dueDate: invoices.dueDate,
        orderNo: invoices.orderNo,
        basisContractNo: invoices.basisContractNo,
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
  const keys = await invoiceKeys(
    db,
    items.map((i) => ({ ...i, sellerId: i.enterpriseId, buyerId: i.buyerEnterpriseId })),
  );
  const last = await latestChecks(
    db,
    keys.map((k) => k.invoiceKey),
  );
  const open = items.filter((i) => i.status === 'VERIFIED');
  const held = await financeBlocks(
    db,
    scope.kind === 'enterprise' ? scope.enterpriseId : -1,
    open.map((i) => ({ invoiceKey: keys[items.indexOf(i)].invoiceKey, orderKey: keys[items.indexOf(i)].orderKey })),
  );
  const blocks = new Map<number, string | null>();
  for (const i of open) {
    const key = keys[items.indexOf(i)].invoiceKey;
    const intake = intakeProblem({ type: i.receivableType, dueDate: i.dueDate, contractNo: i.basisContractNo }, today);
    const latest = last.get(key);
    const bureau = latest && latest.outcome !== 'NORMAL' ? bureauProblem(await checksOf(db, key), i.invoiceNumber) : null;
    blocks.set(i.id, intake ?? bureau ?? held.get(key) ?? null);
  }
  return {
    items: items.map(({ enterpriseId: _e, basisContractNo: _b, ...i }, n) => ({
      ...i,
      statusLabel: invoiceLifecycle.label(i.status),
      receivableTypeLabel: RECEIVABLE_TYPE_LABELS[i.receivableType],
      verification: summaryOf(last.get(keys[n].invoiceKey)),
      financeBlock: blocks.get(i.id) ?? null,
    })),
    totalCount: total,
  };
}
