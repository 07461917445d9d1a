import { chinaDate, compareIsoDates, REPAYMENT_METHOD_LABELS, type IsoDate } from '@factoring/domain';
import type { CloudLoanCredit } from '@factoring/domain/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cloudLoanApplications } from '../../../db/schema/index.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import { availableOf } from '../drawable.ts';
import type { ApplicationRow } from '../store.ts';

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
