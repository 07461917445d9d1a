// The port of factoring collections (issue 36): a product whose loans are repaid by a debtor paying the
// factor's collection account says which payments it expects; the bank statement's matcher, which names no
// product, ties a credit line to one of them and asks the product to book it. Types only.
import type { Cents, IsoDate } from '@factoring/domain';
import type { Db, Tx } from '../../db/client.ts';

/** A debtor payment the factor expects on a live loan: who pays and what its remark may name. */
export interface ExpectedCollection {
  /** The code of the source that expects it (`DebtorCollectionSource.source`). */
  source: string;
  loanId: number;
  /** The debtor's name as its bank writes it (the payer of the credit line). */
  payerName: string;
  /** What the payer's remark names to point at it: the notice of assignment's number, the financing number. */
  references: readonly string[];
  /** In words, e.g. 保理回款 RZ…（浙江远航）. */
  label: string;
}

/** A credit line of the factor's collection account as the product books it. */
export interface CollectedLine {
  amount: Cents;
  payerName: string | null;
  payerAccount: string | null;
  /** The line's words (memo, remark), kept with the collection. */
  reference: string;
  /** Unique per statement line (bank + serial number): the booking happens once. */
  sourceKey: string;
  bookDate: IsoDate;
}

/** Where a product's expected debtor payments are read and booked: read by the bank statement's matcher. */
export interface DebtorCollectionSource {
  source: string;
  /** Every payment it expects today (live loans), one query or a few. */
  expected(db: Db | Tx): Promise<ExpectedCollection[]>;
  /**
   * Books a matched credit in the import's transaction: the money reaches the factor's bank account and settles
   * the loan (the rest rebated to the borrower). Answers the ledger entry whose bank line the statement line is.
   */
  collect(
    tx: Tx,
    expected: ExpectedCollection,
    line: CollectedLine,
    actor: { id: number; name: string },
  ): Promise<{ entryId: number; label: string }>;
}
