import { and, count, eq, max } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bankStatementLines, bankStatements } from '../../../db/schema/index.ts';
import { collectionAccount } from '../store.ts';
import { payoutsToExport } from './payout-list.ts';
import { unreconciledDays } from './reconciliation.ts';

/** The operator home's card: exceptions to work, lines waiting for a second operator, days that do not reconcile, pay-outs to send. */
export async function bankSummary(db: Db) {
  const { accountNo } = await collectionAccount(db);
  const byStatus = await db
    .select({ status: bankStatementLines.status, n: count() })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.accountNo, accountNo))
    .groupBy(bankStatementLines.status);
  const n = (s: string) => Number(byStatus.find((r) => r.status === s)?.n ?? 0);
  const days = await unreconciledDays(db, accountNo);
  const [last] = await db
    .select({ at: max(bankStatements.importedAt), day: max(bankStatements.periodEnd) })
    .from(bankStatements)
    .where(and(eq(bankStatements.accountNo, accountNo)));
  return {
    unmatchedLines: n('UNMATCHED'),
    pendingLines: n('PENDING'),
    unreconciledDays: days.count,
    oldestUnreconciledDate: days.oldest,
    payoutsToExport: await payoutsToExport(db),
    lastImportedAt: last?.at ? new Date(last.at) : null,
    lastBookDate: last?.day ?? null,
  };
}
