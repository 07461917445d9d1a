import type { CloudLoanSchedule, cloudLoanTrialQuery } from '@factoring/domain/contract';
import type { Cents } from '@factoring/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { BankAdapters } from '../bank-adapter.ts';
import { readCloudLoanSettings } from '../product.ts';

/** The repayment trial: the configured bank's schedule for the form's figures; no account data needed. */
export async function repaymentTrial(db: Db, banks: BankAdapters, q: z.output<typeof cloudLoanTrialQuery>): Promise<CloudLoanSchedule> {
  const { bankAdapter } = await readCloudLoanSettings(db);
  return banks.named(bankAdapter).querySchedule({
    principal: q.amount as Cents,
    annualRatePpm: q.annualRatePpm,
    months: q.termMonths,
    method: q.method,
    startDate: q.startDate,
  });
}
