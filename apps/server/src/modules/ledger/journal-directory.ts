import { directoryOf, fullDirectoryOf } from '../../db/directory.ts';
import { journalEntries, journalLines, ledgerAccounts, virtualAccounts } from '../../db/schema/index.ts';

/**
 * The ledger as other areas read it (issue 35, walls for tables; db/directory.ts): read-only subqueries
 * that SQL joins like the tables and PostgreSQL flattens into the same plan — the bank statement matches
 * and reconciles against the journal, the fund flows list an enterprise's lines. Only the ledger posts,
 * and only through its postings (post-entry.ts), so balances and line counts stay in step.
 */

/** Every line of the journal, whole (`journalLineFields` for a nested select); its alias qualifies a column by hand. */
export const { directory: journalLineDirectory, fields: journalLineFields } = fullDirectoryOf(journalLines, 'journal_line_directory');

/** Every line of the journal under an alias of the caller's, for a query that reads the journal twice (a correlated subquery). */
export const journalLineDirectoryAs = <A extends string>(alias: A) => fullDirectoryOf(journalLines, alias).directory;

/** Every entry of the journal: its kind, memo, author and time. */
export const { directory: journalEntryDirectory } = fullDirectoryOf(journalEntries, 'journal_entry_directory');

/** Every entry of the journal under an alias of the caller's (a short one for a hand-written join). */
export const journalEntryDirectoryAs = <A extends string>(alias: A) => fullDirectoryOf(journalEntries, alias).directory;

/** The ledger's accounts by code, owner and part, with their cached line count — not their balance (`virtualAccountBalance`). */
export const ledgerAccountDirectory = directoryOf(ledgerAccounts, {
  id: ledgerAccounts.id,
  code: ledgerAccounts.code,
  name: ledgerAccounts.name,
  enterpriseId: ledgerAccounts.enterpriseId,
  bucket: ledgerAccounts.bucket,
  lineCount: ledgerAccounts.lineCount,
})('ledger_account_directory');

/** Each enterprise's virtual account number. */
export const virtualAccountDirectory = directoryOf(virtualAccounts, {
  id: virtualAccounts.id,
  enterpriseId: virtualAccounts.enterpriseId,
  accountNo: virtualAccounts.accountNo,
})('virtual_account_directory');
