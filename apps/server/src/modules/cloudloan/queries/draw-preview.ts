import type { IsoDate, Schedule } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cloudLoanApplications } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type Scope } from '../../../lib/scope.ts';
import type { BankAdapters } from '../bank-adapter.ts';
import { assertDrawable, drawScheduleInput } from '../drawable.ts';
import { chinaToday } from '../../../lib/clock.ts';

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
