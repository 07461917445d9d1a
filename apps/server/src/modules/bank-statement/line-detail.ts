// Shared pieces of the line operations and queries: one line as the contract answers it (with its
// statement's number and who decided it), and a line locked for a change.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankStatementLines, bankStatements } from '../../db/schema/index.ts';
import { userDirectoryAs } from '../account/index.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import { lineView, type StatementLine } from './store.ts';

export const decider = userDirectoryAs('decider');

export async function viewOf(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ line: bankStatementLines, statementNo: bankStatements.statementNo, decidedByName: decider.displayName })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
    .leftJoin(decider, eq(decider.id, bankStatementLines.decidedBy))
    .where(eq(bankStatementLines.id, id));
  if (!row) throw new NotFoundError('流水不存在');
  return lineView({ ...row.line, statementNo: row.statementNo, decidedByName: row.decidedByName });
}

export async function lockLine(tx: Tx, id: number): Promise<StatementLine> {
  const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, id)).for('update');
  if (!line) throw new NotFoundError('流水不存在');
  return line;
}

export { viewOf as lineDetail };
