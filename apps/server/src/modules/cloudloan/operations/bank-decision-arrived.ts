import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { cloudLoanApplications } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import type { BankAdapters } from '../bank-adapter.ts';
import { settleBankDecision } from './decide.ts';

/**
 * The bank reports that it decided (its callback, however it reaches the adapter): the application it
 * gave `bankRef` for is settled from `queryDecision`, in a transaction of its own. Answers the
 * application's status afterwards.
 */
export async function bankDecisionArrived(db: Db, banks: BankAdapters, adapterName: string, bankRef: string) {
  const adapter = banks.named(adapterName);
  return inTransaction(db, async (tx) => {
    const [a] = await tx
      .select({ id: cloudLoanApplications.id })
      .from(cloudLoanApplications)
      .where(and(eq(cloudLoanApplications.bankAdapter, adapter.name), eq(cloudLoanApplications.bankRef, bankRef)));
    if (!a) throw new NotFoundError('云贷申请不存在');
    await settleBankDecision(tx, adapter, a.id);
    const [after] = await tx
      .select({ id: cloudLoanApplications.id, status: cloudLoanApplications.status })
      .from(cloudLoanApplications)
      .where(eq(cloudLoanApplications.id, a.id));
    return after;
  });
}
