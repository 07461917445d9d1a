import { daysBetween, formatYuan, type Cents, type IsoDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { cloudLoanApplications, cloudLoanDrawdowns } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { disburse } from '../../financing/index.ts';
import type { BankAdapters } from '../bank-adapter.ts';
import { assertDrawable, drawScheduleInput } from '../drawable.ts';
import { readCloudLoanSettings } from '../product.ts';
import { drawdownNoOf, lockApplication, plans, recordDrawdownEvent, type Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';

/**
 * Draws on a grant: the bank lends (its loan reference is kept on the drawdown), the money arrives in
 * the enterprise's virtual account through the ledger (free funds, or controlled when the site
 * configuration says so), and the previewed plan is booked row for row. Runs in the caller's
 * (idempotent) transaction. `banks` is the app's registry (the demo seed alone leaves it out).
 */
export async function drawdown(
  tx: Tx,
  scope: EnterpriseScope,
  applicationId: number,
  amount: number,
  actor: Actor,
  today: IsoDate,
  banks: BankAdapters,
) {
  const a = await lockApplication(tx, scope, applicationId);
  assertDrawable(a, amount, today);
  const settings = await readCloudLoanSettings(tx);
  const adapter = banks.named(a.bankAdapter);
  const input = drawScheduleInput(a, amount, today);
  const schedule = adapter.querySchedule(input);
  const maturity = schedule.rows.at(-1)!.dueDate;

  const [row] = await tx
    .insert(cloudLoanDrawdowns)
    .values({
      financingNo: `tmp-${crypto.randomUUID()}`,
      applicationId: a.id,
      enterpriseId: a.enterpriseId,
      amount,
      outstandingPrincipal: amount,
      termDays: daysBetween(today, maturity),
      annualRatePpm: input.annualRatePpm,
      // The bank's loan in the one shape: interest with each instalment, no fee of the factor's, the whole amount paid out.
      serviceFeeRatePpm: 0,
      penaltyMultiplierPpm: settings.penaltyMultiplierPpm,
      interestMode: 'ARREARS',
      interest: schedule.rows.reduce((sum, r) => sum + r.interest, 0),
      serviceFee: 0,
      netAmount: amount,
      termMonths: input.months,
      method: input.method,
      applyDate: today,
      dueDate: maturity,
      controlled: settings.controlledDrawdown,
      bankAdapter: adapter.name,
      entryId: 0,
      refNo: '',
      createdBy: actor.id,
    })
    .returning({ id: cloudLoanDrawdowns.id });
  const drawdownNo = drawdownNoOf(row.id, today);
  const { bankRef } = await adapter.draw(tx, {
    drawdownNo,
    applicationNo: a.applicationNo,
    applicationBankRef: a.bankRef,
    enterpriseId: a.enterpriseId,
    principal: amount,
    schedule: input,
  });
  // The bank's loan: no credit line of the factor's and no charges kept; the whole amount reaches the enterprise.
  const entry = await disburse(tx, {
    enterpriseId: a.enterpriseId,
    creditLineId: null,
    principal: amount as Cents,
    net: amount as Cents,
    upfrontInterest: 0 as Cents,
    serviceFee: 0 as Cents,
    into: settings.controlledDrawdown ? 'CONTROLLED' : 'FREE',
    sourceRef: drawdownNo,
    createdBy: actor.id,
  });
  await tx
    .update(cloudLoanDrawdowns)
    .set({ financingNo: drawdownNo, bankRef, entryId: entry.entryId, refNo: entry.refNo })
    .where(eq(cloudLoanDrawdowns.id, row.id));
  await plans.book(tx, { id: row.id, enterpriseId: a.enterpriseId }, schedule.rows);
  await recordDrawdownEvent(
    tx,
    row.id,
    actor,
    '提款',
    `${a.bankName}放款 ¥${formatYuan(amount)}，${schedule.rows.length} 期，到期日 ${schedule.rows.at(-1)!.dueDate}`,
    null,
    'DRAWN',
  );
  await tx
    .update(cloudLoanApplications)
    .set({ drawnAmount: a.drawnAmount + amount, updatedAt: now() })
    .where(eq(cloudLoanApplications.id, a.id));
  return {
    id: row.id,
    drawdownNo,
    refNo: entry.refNo,
    bankRef,
    principal: amount,
    instalments: schedule.rows.length,
    maturityDate: schedule.rows.at(-1)!.dueDate,
  };
}
