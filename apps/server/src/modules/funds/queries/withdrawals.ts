import { and, count, desc, eq } from 'drizzle-orm';
import { maskBankAccount, withdrawalLifecycle, type WithdrawalStatus } from '@factoring/domain';
import type { Db } from '../../../db/client.ts';
import { withdrawals } from '../../../db/schema/index.ts';
import { offsetOf, type PageQuery } from '../../../lib/paging.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { refNoOf } from '../../ledger/index.ts';

/** The enterprise's withdrawals, newest first. */
export async function listWithdrawals(db: Db, scope: EnterpriseScope, q: PageQuery & { status?: WithdrawalStatus }) {
  const where = and(ownedBy(scope, withdrawals.enterpriseId), q.status ? eq(withdrawals.status, q.status) : undefined);
  const rows = await db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(q.size).offset(offsetOf(q));
  const [{ n }] = await db.select({ n: count() }).from(withdrawals).where(where);
  return {
    items: rows.map((w) => ({
      id: w.id,
      amount: w.amount,
      fee: w.fee,
      status: w.status,
      statusLabel: withdrawalLifecycle.label(w.status),
      bankName: w.bankName,
      bankAccountNo: maskBankAccount(w.bankAccountNo),
      bankAccountName: w.bankAccountName,
      reason: w.reason,
      refNo: refNoOf(w.requestEntryId, w.createdAt),
      createdAt: w.createdAt.toISOString(),
      decidedAt: w.decidedAt?.toISOString() ?? null,
    })),
    totalCount: Number(n),
  };
}
