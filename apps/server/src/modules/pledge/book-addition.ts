import type { Cents } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pledgeFinancings } from '../../db/schema/index.ts';
import type { BookAddition, BpmTask } from '../bpm/index.ts';

/**
 * What a pledge decision would add to the factor's book (issue 27, the risk desk's limit gate): the
 * financing's principal, to its borrower. A goods pledge assigns no receivable, so it has no debtor.
 * Null once the financing is past the step the task decides.
 */
export function pledgeAddition(status: 'MARGIN_PAID' | 'APPROVED') {
  return async (db: Db, task: BpmTask): Promise<BookAddition | null> => {
    const [f] = await db
      .select()
      .from(pledgeFinancings)
      .where(eq(pledgeFinancings.id, Number(task.refId)));
    if (!f || f.status !== status) return null;
    return { borrowerId: f.enterpriseId, debtorId: null, principal: f.amount as Cents };
  };
}
