import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bankStatements } from '../../../db/schema/index.ts';
import { offsetOf, type PageQuery } from '../../../lib/paging.ts';
import { userDirectory } from '../../account/index.ts';
import { taskDirectory } from '../../bpm/index.ts';
import { collectionAccount } from '../store.ts';
import { STATEMENT_VOID_TASK_TYPE } from '../operations/void-statement.ts';

/** The imported statements of the collection account, newest first (voided ones too, marked, with a void waiting for approval). */
export async function listStatements(db: Db, q: PageQuery) {
  const { accountNo } = await collectionAccount(db);
  const where = eq(bankStatements.accountNo, accountNo);
  const rows = await db
    .select({ s: bankStatements, importedByName: userDirectory.displayName, voidTaskId: taskDirectory.id })
    .from(bankStatements)
    .leftJoin(userDirectory, eq(userDirectory.id, bankStatements.importedBy))
    .leftJoin(
      taskDirectory,
      and(
        eq(taskDirectory.type, STATEMENT_VOID_TASK_TYPE),
        eq(taskDirectory.refId, sql`${bankStatements.id}::text`),
        eq(taskDirectory.state, 'PENDING'),
      ),
    )
    .where(where)
    .orderBy(desc(bankStatements.id))
    .limit(q.size)
    .offset(offsetOf(q));
  const [{ n }] = await db.select({ n: count() }).from(bankStatements).where(where);
  return {
    items: rows.map(({ s, importedByName, voidTaskId }) => ({
      id: s.id,
      statementNo: s.statementNo,
      formatCode: s.formatCode,
      fileName: s.fileName,
      fileSha256: s.fileSha256,
      accountNo: s.accountNo,
      periodStart: s.periodStart,
      periodEnd: s.periodEnd,
      openingBalance: s.openingBalance,
      closingBalance: s.closingBalance,
      lineCount: s.lineCount,
      added: s.added,
      duplicates: s.duplicates,
      importedByName,
      importedAt: s.importedAt,
      voidedAt: s.voidedAt,
      voidReason: s.voidReason,
      voidTaskId: voidTaskId ?? null,
    })),
    totalCount: Number(n),
  };
}
