import { CLOUD_LOAN_APPLICATION_STATUS_LABELS, REPAYMENT_METHOD_LABELS } from '@factoring/domain';
import type { CloudLoanApplication, PageQuery } from '@factoring/domain/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cloudLoanApplications } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { offsetOf } from '../../../lib/paging.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import type { ApplicationRow } from '../store.ts';
import { contractDirectory } from '../../contracts/index.ts';

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
      .offset(offsetOf(q)),
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
