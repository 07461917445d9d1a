import type { Cents } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { financings, financingTranches } from '../../db/schema/index.ts';
import { platformDirectory } from '../financing/index.ts';
import type { BookAddition, BpmTask } from '../bpm/index.ts';

// What a supply-loan decision would add to the factor's book (issue 27, the risk desk's limit gate):
// the borrower, the debtor whose receivables back the loan (the platform's core enterprise) and the
// principal. Read, not locked: the gate reads again inside the decision's transaction.

async function additionOf(db: Db, financingId: number, principal: (f: typeof financings.$inferSelect) => number | null) {
  const [row] = await db
    .select({ f: financings, debtorId: platformDirectory.coreEnterpriseId })
    .from(financings)
    .innerJoin(platformDirectory, eq(platformDirectory.id, financings.platformId))
    .where(eq(financings.id, financingId));
  if (!row) return null;
  const amount = principal(row.f);
  if (amount === null || amount <= 0) return null;
  return { borrowerId: row.f.enterpriseId, debtorId: row.debtorId ?? null, principal: amount as Cents } satisfies BookAddition;
}

/** 融资审批: the approved amount (an order loan's whole line, drawn later in tranches) while the financing is submitted. */
export const approvalAddition = (db: Db, task: BpmTask): Promise<BookAddition | null> =>
  additionOf(db, Number(task.refId), (f) => (f.status === 'SUBMITTED' ? f.amount - f.drawn : null));

/** 融资放款: the tranche's principal while it waits. */
export async function disbursementAddition(db: Db, task: BpmTask): Promise<BookAddition | null> {
  const [tranche] = await db
    .select()
    .from(financingTranches)
    .where(eq(financingTranches.id, Number(task.refId)));
  if (!tranche || tranche.status !== 'PENDING') return null;
  return additionOf(db, tranche.financingId, () => tranche.amount);
}
