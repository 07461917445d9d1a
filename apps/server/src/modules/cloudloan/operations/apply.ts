import { formatYuan } from '@factoring/domain';
import type { cloudLoanApplyInput } from '@factoring/domain/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { cloudLoanApplications } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import type { EveryLoanArrears } from '../../financing/index.ts';
import type { BankAdapters } from '../bank-adapter.ts';
import { settleBankDecision } from './decide.ts';
import { assertCloudLoanAllowed } from '../eligibility.ts';
import { readCloudLoanSettings } from '../product.ts';
import type { UserActor } from '../../../lib/actor.ts';
import { businessNo } from '../store.ts';
import { chinaToday } from '../../../lib/clock.ts';

type ApplyInput = z.output<typeof cloudLoanApplyInput>;

/**
 * Submits a cloud-loan application to the configured bank (the adapter the site configuration names,
 * from the app's registry), then asks the bank for its decision at once: a bank that decides on
 * submission is booked here, the others stay SUBMITTED until they report (decide.ts). The eligibility
 * rule is checked again here, inside the transaction and after locking the enterprise's applications,
 * so a direct call (or two at once) cannot get past it.
 */
export async function submitApplication(
  db: Db,
  scope: EnterpriseScope,
  actor: UserActor,
  input: ApplyInput,
  banks: BankAdapters,
  arrears: EveryLoanArrears,
) {
  return db.transaction(async (tx) => {
    // One applicant at a time per enterprise: the advisory lock serialises the pending-application check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cloudloan-apply'), ${scope.enterpriseId})`);
    await assertCloudLoanAllowed(tx, scope, arrears);
    const settings = await readCloudLoanSettings(tx);
    if (input.amount > settings.maxAmount)
      throw new BusinessError(`申请金额不能超过 ${formatYuan(settings.maxAmount)} 元`, 'AMOUNT_OVER_MAX');
    if (input.amount < settings.minAmount)
      throw new BusinessError(`申请金额不能低于 ${formatYuan(settings.minAmount)} 元`, 'AMOUNT_UNDER_MIN');
    if (input.termMonths < settings.minTermMonths || input.termMonths > settings.maxTermMonths) {
      throw new BusinessError(`借款期限应在 ${settings.minTermMonths} 到 ${settings.maxTermMonths} 个月之间`, 'TERM_OUT_OF_RANGE');
    }
    const adapter = banks.named(settings.bankAdapter);
    const [row] = await tx
      .insert(cloudLoanApplications)
      .values({
        applicationNo: `tmp-${crypto.randomUUID()}`,
        enterpriseId: scope.enterpriseId,
        amount: input.amount,
        termMonths: input.termMonths,
        method: input.method,
        purpose: input.purpose,
        lastYearRevenue: input.lastYearRevenue,
        lastYearTax: input.lastYearTax,
        creditEnquiryConsent: input.creditEnquiryConsent,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        remark: input.remark || null,
        bankAdapter: adapter.name,
        bankName: settings.bankName,
        createdBy: actor.id,
      })
      .returning();
    const applicationNo = businessNo('YD', chinaToday(), row.id);
    const { bankRef } = await adapter.submitApplication(tx, { ...row, applicationNo, submittedBy: actor });
    await tx.update(cloudLoanApplications).set({ applicationNo, bankRef }).where(eq(cloudLoanApplications.id, row.id));
    const decided = await settleBankDecision(tx, adapter, row.id);
    return { id: row.id, applicationNo, status: decided?.after.status ?? row.status };
  });
}
