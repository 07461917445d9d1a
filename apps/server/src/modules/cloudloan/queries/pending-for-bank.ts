import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cloudLoanApplications } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { operatorBank } from '../operator-bank.ts';

/** Applications awaiting the built-in bank's decision (the operator's), oldest first, for the operator's grant form. */
export async function pendingApplications(db: Db) {
  return db
    .select({
      id: cloudLoanApplications.id,
      applicationNo: cloudLoanApplications.applicationNo,
      enterpriseName: enterpriseDirectory.name,
      amount: cloudLoanApplications.amount,
      termMonths: cloudLoanApplications.termMonths,
      method: cloudLoanApplications.method,
      purpose: cloudLoanApplications.purpose,
      lastYearRevenue: cloudLoanApplications.lastYearRevenue,
      lastYearTax: cloudLoanApplications.lastYearTax,
      createdAt: cloudLoanApplications.createdAt,
    })
    .from(cloudLoanApplications)
    .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, cloudLoanApplications.enterpriseId))
    .where(and(eq(cloudLoanApplications.status, 'SUBMITTED'), eq(cloudLoanApplications.bankAdapter, operatorBank.name)))
    .orderBy(cloudLoanApplications.id)
    .limit(200);
}
