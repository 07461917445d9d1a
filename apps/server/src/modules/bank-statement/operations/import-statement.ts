import { createHash } from 'node:crypto';
import { chinaDate, formatYuan, type Cents } from '@factoring/domain';
import { MAX_STATEMENT_BYTES } from '@factoring/domain/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { bankStatementLines, bankStatements } from '../../../db/schema/index.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { Submitter } from '../../funds/index.ts';
import { findFormat } from '../formats.ts';
import { matchNewLines, type MatchOutcome } from '../matching/assignment.ts';
import { syncPendingLines } from '../matching/confirmation.ts';
import { parseCamt053 } from '../parse/camt053.ts';
import { bookedAtOf, fileError, fingerprintOf, lineKeysOf, normalAccount, type ParsedStatement } from '../parse/parsed.ts';
import { parseTableStatement } from '../parse/table.ts';
import { reconcileStatementDays } from '../reconcile.ts';
import { bankCashAccountId, collectionAccount } from '../store.ts';
import type { DebtorCollectionSource, TransferVoucherBook } from '../../financing/index.ts';

export interface ImportInput {
  formatCode: string;
  fileName: string;
  /** The file's bytes. */
  bytes: Buffer;
  /**
   * The file already read (readStatement), outside the transaction: the route parses before it takes a
   * connection, so the embedded database (one connection) is not held while a large file is read.
   */
  parsed?: ParsedStatement;
}

/** Reads a statement file by its format: 400 with a Chinese message when it cannot be read or does not add up. */
export async function readStatement(formatCode: string, bytes: Buffer, db: Db | Tx): Promise<ParsedStatement> {
  const format = await findFormat(db, formatCode);
  if (!bytes.length) throw fileError('对账单文件为空');
  if (bytes.length > MAX_STATEMENT_BYTES) throw fileError('对账单文件不能超过 5 MB');
  return format.kind === 'CAMT053' ? parseCamt053(bytes) : parseTableStatement(bytes, format.mapping!);
}

/**
 * Imports a statement of the factor's collection account (an operator). The file must read and add
 * up (every running balance, opening + movement = closing) or nothing is stored. The same file again
 * stores nothing; a file that overlaps one imported before stores only its new lines — a line already
 * stored under the same serial number must agree on every field, or the file is refused as altered.
 * Each new line is then matched (matching/assignment.ts) in the bank's order: deposits it records wait
 * for a second operator. The days of its period that have lines or ledger postings are reconciled at once
 * (the work follows the lines: a period is at most 31 days, parse/parsed.ts MAX_STATEMENT_DAYS).
 */
export async function importStatement(
  tx: Tx,
  importer: Submitter,
  input: ImportInput,
  vouchers: TransferVoucherBook,
  collections: readonly DebtorCollectionSource[] = [],
) {
  const statement = input.parsed ?? (await readStatement(input.formatCode, input.bytes, tx));
  const collection = await collectionAccount(tx);
  if (!statement.accountNo)
    throw fileError(
      `对账单未注明账号：无法确认是保理收款账户 ${collection.accountNo}（${collection.accountName}）的对账单，未导入。请导出含账号的对账单，或在该银行格式中设置账号所在的行`,
    );
  if (statement.accountNo !== collection.accountNo)
    throw new BusinessError(
      `对账单账号 ${statement.accountNo} 不是保理收款账户 ${collection.accountNo}（${collection.accountName}），未导入`,
      'BANK_STATEMENT_ACCOUNT',
    );
  const accountNo = collection.accountNo;
  const sha = createHash('sha256').update(input.bytes).digest('hex');
  const [same] = await tx
    .select()
    .from(bankStatements)
    .where(and(eq(bankStatements.accountNo, accountNo), eq(bankStatements.fileSha256, sha), isNull(bankStatements.voidedAt)));
  if (same)
    return {
      statementId: same.id,
      statementNo: same.statementNo,
      accountNo,
      periodStart: same.periodStart,
      periodEnd: same.periodEnd,
      openingBalance: same.openingBalance,
      closingBalance: same.closingBalance,
      lineCount: same.lineCount,
      added: 0,
      duplicates: same.lineCount,
      alreadyImported: true,
      matched: 0,
      pending: 0,
      unmatched: 0,
    };

  // Keys and running balances (a camt.053 gives none per entry: they follow from the opening balance).
  const keys = lineKeysOf(statement.lines);
  let running = statement.openingBalance as number;
  const prepared = statement.lines.map((line, i) => {
    running += line.direction === 'CREDIT' ? line.amount : -line.amount;
    return { line, key: keys[i], fingerprint: fingerprintOf(line), balance: running as Cents };
  });
  const stored = new Map<string, { fingerprint: string; bookDate: string; amount: number }>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await tx
      .select({
        key: bankStatementLines.lineKey,
        fingerprint: bankStatementLines.fingerprint,
        bookDate: bankStatementLines.bookDate,
        amount: bankStatementLines.amount,
      })
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.accountNo, accountNo), inArray(bankStatementLines.lineKey, keys.slice(i, i + 500))));
    for (const r of rows) stored.set(r.key, r);
  }
  const inFile = new Map<string, (typeof prepared)[number]>();
  for (const p of prepared) {
    const twin = inFile.get(p.key);
    if (twin && twin.fingerprint !== p.fingerprint)
      throw fileError(
        `第 ${twin.line.row} 行与第 ${p.line.row} 行流水号同为 ${p.line.serialNo}，内容却不同。文件可能被修改，未导入任何记录`,
      );
    inFile.set(p.key, p);
    const before = stored.get(p.key);
    if (before && before.fingerprint !== p.fingerprint)
      throw fileError(
        `第 ${p.line.row} 行（流水号 ${p.line.serialNo}）与已导入的同一流水不一致（已导入：${before.bookDate} ¥${formatYuan(before.amount)}；本文件：${p.line.bookDate} ¥${formatYuan(p.line.amount)}）。文件可能被修改，未导入任何记录`,
      );
  }
  const fresh = prepared.filter((p) => !stored.has(p.key));
  const seenInFile = new Set<string>();
  const toStore = fresh.filter((p) => (seenInFile.has(p.key) ? false : (seenInFile.add(p.key), true)));

  const [created] = await tx
    .insert(bankStatements)
    .values({
      statementNo: `tmp-${crypto.randomUUID()}`,
      accountNo,
      formatCode: input.formatCode,
      fileName: input.fileName,
      fileSha256: sha,
      fileSize: input.bytes.length,
      periodStart: statement.periodStart,
      periodEnd: statement.periodEnd,
      openingBalance: statement.openingBalance,
      closingBalance: statement.closingBalance,
      lineCount: statement.lines.length,
      added: toStore.length,
      duplicates: statement.lines.length - toStore.length,
      importedBy: importer.id,
    })
    .returning();
  const statementNo = `DZ${chinaDate(now()).replaceAll('-', '')}${String(created.id).padStart(4, '0')}`;
  await tx.update(bankStatements).set({ statementNo }).where(eq(bankStatements.id, created.id));

  // Matched before they are stored (the candidates read once for the file), then stored in a few
  // multi-row inserts with what they were found to be: the work follows the lines, not the period.
  const outcomes: Record<MatchOutcome, number> = { MATCHED: 0, PENDING: 0, UNMATCHED: 0 };
  const bankId = await bankCashAccountId(tx);
  await syncPendingLines(tx, bankId);
  const rows = toStore.map(({ line, key, fingerprint, balance }) => ({
    statementId: created.id,
    accountNo,
    lineKey: key,
    fingerprint,
    seq: line.row,
    bookDate: line.bookDate,
    bookedAt: bookedAtOf(line),
    direction: line.direction,
    amount: line.amount,
    balance,
    counterpartyName: line.counterpartyName,
    counterpartyAccount: normalAccount(line.counterpartyAccount),
    counterpartyBank: line.counterpartyBank,
    memo: line.memo,
    remark: line.remark,
    serialNo: line.serialNo,
    subAccount: line.subAccount,
  }));
  const decisions = await matchNewLines(tx, rows, bankId, importer, vouchers, collections);
  for (const d of decisions) outcomes[d.outcome]++;
  for (let i = 0; i < rows.length; i += 1000)
    await tx.insert(bankStatementLines).values(rows.slice(i, i + 1000).map((row, j) => ({ ...row, ...decisions[i + j].set })));
  await reconcileStatementDays(tx, accountNo, statement.periodStart, statement.periodEnd);
  return {
    statementId: created.id,
    statementNo,
    accountNo,
    periodStart: statement.periodStart,
    periodEnd: statement.periodEnd,
    openingBalance: statement.openingBalance,
    closingBalance: statement.closingBalance,
    lineCount: statement.lines.length,
    added: toStore.length,
    duplicates: statement.lines.length - toStore.length,
    alreadyImported: false,
    matched: outcomes.MATCHED,
    pending: outcomes.PENDING,
    unmatched: outcomes.UNMATCHED,
  };
}
