import type { StatementLineStatus } from '@factoring/domain';
import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bankStatementLines, bankStatements } from '../../../db/schema/index.ts';
import { offsetOf, type PageQuery } from '../../../lib/paging.ts';
import { decider } from '../line-detail.ts';
import { collectionAccount, lineView } from '../store.ts';

export interface LinesQuery extends PageQuery {
  status?: StatementLineStatus;
  direction?: 'CREDIT' | 'DEBIT';
  statementId?: number;
  startDate?: string;
  endDate?: string;
}

/** The collection account's lines, newest first (the exceptions queue is `status=UNMATCHED`). */
export async function listLines(db: Db, q: LinesQuery) {
  const { accountNo } = await collectionAccount(db);
  const where = and(
    eq(bankStatementLines.accountNo, accountNo),
    q.status ? eq(bankStatementLines.status, q.status) : undefined,
    q.direction ? eq(bankStatementLines.direction, q.direction) : undefined,
    q.statementId ? eq(bankStatementLines.statementId, q.statementId) : undefined,
    q.startDate ? gte(bankStatementLines.bookDate, q.startDate) : undefined,
    q.endDate ? lte(bankStatementLines.bookDate, q.endDate) : undefined,
  );
  const rows = await db
    .select({ line: bankStatementLines, statementNo: bankStatements.statementNo, decidedByName: decider.displayName })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
    .leftJoin(decider, eq(decider.id, bankStatementLines.decidedBy))
    .where(where)
    .orderBy(desc(bankStatementLines.bookedAt), desc(bankStatementLines.id))
    .limit(q.size)
    .offset(offsetOf(q));
  const [{ n }] = await db.select({ n: count() }).from(bankStatementLines).where(where);
  return {
    items: rows.map((r) => lineView({ ...r.line, statementNo: r.statementNo, decidedByName: r.decidedByName })),
    totalCount: Number(n),
  };
}
