// The ledger face (issue 23): virtual accounts and their balances, postings (and the lending postings; those
// of a loan's controlled tranches are the funds face's),
// the ledger check, the idempotency record and the confirmed money command, the ledger's business refusals.
export { openVirtualAccount } from './open-virtual-account.ts';
export { factorAccountBalance, virtualAccountBalance, virtualAccountByNo } from './balances.ts';
export { entryIdOfRef, lockAccounts, postEntry, refNoOf, type PostedEntry } from './post-entry.ts';
export { postFreeDisbursement, postMargin, postMarginApplication, postRepayment } from './financing-postings.ts';
export { rule } from './domain-errors.ts';
export { idempotencyScopeOf, requestIdempotencyKey, runIdempotent, runOnce } from './idempotency.ts';
export { moneyCommand } from './money-command.ts';
export { checkLedger, type LedgerReport } from './ledger-check.ts';
export {
  journalEntryDirectory,
  journalEntryDirectoryAs,
  journalLineDirectory,
  journalLineDirectoryAs,
  journalLineFields,
  ledgerAccountDirectory,
  virtualAccountDirectory,
} from './journal-directory.ts';
