import { compareIsoDates, formatYuan, type Cents, type IsoDate, type Schedule, type ScheduleInput } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cloudLoanApplications, cloudLoanDrawdowns, cloudLoanInstalments } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope, type Scope } from '../../lib/scope.ts';
import { disburse } from '../financing/index.ts';
import type { BankAdapters } from './bank-adapter.ts';
import { readCloudLoanSettings } from './product.ts';
import { drawdownNoOf, lockApplication, recordDrawdownEvent, type Actor, type ApplicationRow } from './store.ts';
import { now, chinaToday } from '../../lib/clock.ts';

/** The schedule input of a drawdown: the granted rate, term and method, from the drawing day. */
export function drawScheduleInput(a: ApplicationRow, amount: number, startDate: IsoDate): ScheduleInput {
  return { principal: amount as Cents, annualRatePpm: a.grantedRatePpm!, months: a.grantedTermMonths!, method: a.method, startDate };
}

export const availableOf = (a: Pick<ApplicationRow, 'grantedAmount' | 'drawnAmount'>) =>
  Math.max(0, (a.grantedAmount ?? 0) - a.drawnAmount);

/** Refuses a drawdown outside the grant: not granted, agreement unsigned, expired, or beyond what is left. */
function assertDrawable(a: ApplicationRow, amount: number, today: IsoDate): void {
  if (a.status !== 'GRANTED') throw new BusinessError('该申请尚未获得银行授信，不能提款', 'NOT_GRANTED');
  if (!a.agreementSignedAt) throw new BusinessError('请先在合同管理中签署银行云贷借款协议，再申请提款', 'AGREEMENT_UNSIGNED');
  if (compareIsoDates(today, a.expiryDate!) > 0) throw new BusinessError(`授信已于 ${a.expiryDate} 到期，不能再提款`, 'CREDIT_EXPIRED');
  const available = availableOf(a);
  if (amount > available) throw new BusinessError(`提款金额超过可用额度（可用 ${formatYuan(available)} 元）`, 'OVER_AVAILABLE');
}

/** The plan a drawdown of `amount` today would book: the very function and inputs the drawdown uses. */
export async function previewDrawdown(
  db: Db,
  banks: BankAdapters,
  scope: Scope,
  applicationId: number,
  amount: number,
  today: IsoDate = chinaToday(),
): Promise<Schedule> {
  const [a] = await db
    .select()
    .from(cloudLoanApplications)
    .where(and(eq(cloudLoanApplications.id, applicationId), ownedBy(scope, cloudLoanApplications.enterpriseId)));
  if (!a) throw new NotFoundError('云贷申请不存在');
  assertDrawable(a, amount, today);
  return banks.named(a.bankAdapter).querySchedule(drawScheduleInput(a, amount, today));
}

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

  const [row] = await tx
    .insert(cloudLoanDrawdowns)
    .values({
      drawdownNo: `tmp-${crypto.randomUUID()}`,
      applicationId: a.id,
      enterpriseId: a.enterpriseId,
      principal: amount,
      outstandingPrincipal: amount,
      annualRatePpm: input.annualRatePpm,
      penaltyMultiplierPpm: settings.penaltyMultiplierPpm,
      termMonths: input.months,
      method: input.method,
      startDate: today,
      maturityDate: schedule.rows.at(-1)!.dueDate,
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
    .set({ drawdownNo, bankRef, entryId: entry.entryId, refNo: entry.refNo })
    .where(eq(cloudLoanDrawdowns.id, row.id));
  await tx.insert(cloudLoanInstalments).values(schedule.rows.map((r) => ({ drawdownId: row.id, enterpriseId: a.enterpriseId, ...r })));
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
