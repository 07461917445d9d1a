import { addDays, addMonths, type Cents, type IsoDate } from '@factoring/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cloudLoanApplications, users } from '../db/schema/index.ts';
import { atTime, chinaToday } from '../lib/clock.ts';
import type { EnterpriseScope } from '../lib/scope.ts';
import { taskRegistry } from '../modules/bpm/index.ts';
import { recordSignature } from '../modules/contracts/index.ts';
import {
  submitApplication,
  builtInBanksOnly,
  cloudLoanDebitStep,
  cloudLoanSignHook,
  drawdown,
  CLOUD_LOAN_TASK_TYPES,
  grantForBank,
} from '../modules/cloudloan/index.ts';
import { runStep } from '../jobs/close-of-business.ts';
import type { LoanBook } from '../modules/financing/index.ts';
import { chinaInstant } from './timeline.ts';

/**
 * The demo enterprise's cloud-loan history (PRODUCT §12), made through the module's own operations:
 * an application granted by the operator for the bank (¥800,000.00 at 7.2 % for 12 months), the
 * loan agreement signed, ¥300,000.00 drawn two months ago and last month's instalment debited by the
 * daily job — each step with the clock at its day, so the postings carry their dates. The next
 * instalment falls due today. Idempotent: an enterprise with any cloud-loan application gets none.
 */
export async function seedCloudLoan(db: Db, loans: LoanBook, today: IsoDate = chinaToday()) {
  const byLogin = async (login: string) =>
    (
      await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.loginName})`, login))
    )[0];
  const demo = await byLogin('demo');
  const operatorUser = await byLogin('operator');
  if (!demo?.enterpriseId || !operatorUser) return;
  const [existing] = await db
    .select({ id: cloudLoanApplications.id })
    .from(cloudLoanApplications)
    .where(eq(cloudLoanApplications.enterpriseId, demo.enterpriseId))
    .limit(1);
  if (existing) return;

  const scope: EnterpriseScope = {
    kind: 'enterprise',
    enterpriseId: demo.enterpriseId,
    userId: demo.id,
    certified: true,
    warehouse: false,
  };
  const me = { id: demo.id, name: demo.displayName, ip: '127.0.0.1' };
  const operator = { id: operatorUser.id, name: operatorUser.displayName };

  // The demo world's bank is the built-in one, whose decisions the operators make in /bpm/tasks.
  const banks = builtInBanksOnly();
  const drawnOn = addMonths(today, -2);
  const on = (date: IsoDate, time: string) => chinaInstant(date, time);
  const applied = await atTime(on(addDays(drawnOn, -8), '10:00'), () =>
    submitApplication(
      db,
      scope,
      me,
      {
        amount: 80_000_000 as Cents,
        termMonths: 12,
        method: 'EQUAL_INSTALMENT',
        purpose: '采购钢材及支付供应商货款',
        lastYearRevenue: 3_650_000_000 as Cents,
        lastYearTax: 98_000_000 as Cents,
        creditEnquiryConsent: true,
        agreementAccepted: true,
        contactName: demo.displayName,
        contactPhone: demo.mobile ?? '13800138000',
        remark: undefined,
      },
      banks,
      // Every lending product's arrears: the loan book app.ts wires.
      loans,
    ),
  );
  await atTime(on(addDays(drawnOn, -6), '14:00'), () =>
    grantForBank(db, taskRegistry(CLOUD_LOAN_TASK_TYPES), applied.id, operator, {
      amount: 80_000_000 as Cents,
      annualRatePpm: 72_000,
      termMonths: 12,
      validityDays: 180,
      comment: '经营稳定，纳税正常',
    }),
  );
  await atTime(on(addDays(drawnOn, -5), '10:00'), () =>
    db.transaction(async (tx) => {
      const [a] = await tx.select().from(cloudLoanApplications).where(eq(cloudLoanApplications.id, applied.id));
      // Signed as the demo user would: the same signature record and signed version as through the contract list.
      const signed = await recordSignature(tx, { contractId: a.contractId!, scope, signerName: demo.displayName, ip: me.ip });
      await cloudLoanSignHook(tx, String(a.id), signed);
    }),
  );
  // Drawn two months ago: the business date of the drawdown is its start date.
  await atTime(on(drawnOn, '10:30'), () => db.transaction((tx) => drawdown(tx, scope, applied.id, 30_000_000, me, drawnOn, banks)));
  await atTime(on(addMonths(drawnOn, 1), '02:00'), () => runStep(db, cloudLoanDebitStep(banks), addMonths(drawnOn, 1)));
}
