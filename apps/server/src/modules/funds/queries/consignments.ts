import { and, count, desc, eq } from 'drizzle-orm';
import { consignmentLifecycle, maskBankAccount, type ConsignmentStatus } from '@factoring/domain';
import type { Db } from '../../../db/client.ts';
import { consignmentApplications, payees } from '../../../db/schema/index.ts';
import { offsetOf, type PageQuery } from '../../../lib/paging.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';

/** The enterprise's consignment applications (all, or of one status), newest first. */
export async function listConsignments(db: Db, scope: EnterpriseScope, q: PageQuery & { status?: ConsignmentStatus }) {
  const where = and(
    ownedBy(scope, consignmentApplications.enterpriseId),
    q.status ? eq(consignmentApplications.status, q.status) : undefined,
  );
  const rows = await db
    .select({ a: consignmentApplications, payeeName: payees.name, payeeAccountNo: payees.accountNo, payeeBankName: payees.bankName })
    .from(consignmentApplications)
    .innerJoin(payees, eq(payees.id, consignmentApplications.payeeId))
    .where(where)
    .orderBy(desc(consignmentApplications.id))
    .limit(q.size)
    .offset(offsetOf(q));
  const [{ n }] = await db.select({ n: count() }).from(consignmentApplications).where(where);
  return {
    items: rows.map(({ a, payeeName, payeeAccountNo, payeeBankName }) => ({
      id: a.id,
      payeeId: a.payeeId,
      payeeName,
      payeeAccountNo: maskBankAccount(payeeAccountNo),
      payeeBankName,
      contractNo: a.contractNo,
      amountLimit: a.amountLimit,
      remark: a.remark,
      status: a.status,
      statusLabel: consignmentLifecycle.label(a.status),
      reviewNote: a.reviewNote,
      createdAt: a.createdAt.toISOString(),
      reviewedAt: a.reviewedAt?.toISOString() ?? null,
    })),
    totalCount: Number(n),
  };
}
