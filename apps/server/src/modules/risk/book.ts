// The risk desk's one query layer (issue 27, 35): every live financing of every registered lending
// product with what it owes on a day, read from the one loan book (financing/lending-product.ts) — each
// product quotes its own loans by the rule its borrower's pages show — so the desk keeps no second copy
// of any balance and names no product.
import { agingBucketOf, type RiskFinancing } from '@factoring/domain/contract';
import type { IsoDate } from '@factoring/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { LoanBook, LoanPosition, ProductLine } from '../financing/index.ts';

/**
 * A live financing on the desk, with the keys it is grouped by. `debtorId` is the one answer to "whose
 * receivables back it" (null where no receivable is assigned: a goods pledge, the bank's cloud loan).
 * Exposure by debtor, the ratios and the limit gate all group by it and nothing else.
 */
export interface Position extends RiskFinancing {
  warehouseId: number | null;
  goodsId: number | null;
}

/** Every live financing on a day: the factor's own book and the partner banks' book, apart; and every line lent under. */
export interface Book {
  factor: Position[];
  bank: Position[];
  /** Every registered product line, in registration order (a line with nothing outstanding is still listed). */
  lines: readonly ProductLine[];
}

/** The book on the day, as the registered products quote it. */
export async function bookOn(loans: LoanBook, db: Db | Tx, asOf: IsoDate): Promise<Book> {
  const { FACTOR, BANK } = await loans.positionsOn(db, asOf);
  const position = (p: LoanPosition): Position => {
    const bucket = agingBucketOf(p.daysPastDue);
    return {
      ...p,
      productLabel: loans.lineOf(p.product)?.label ?? p.product,
      total: p.principal + p.interest + p.penalty,
      bucket,
      nonPerforming: bucket === 'D90_PLUS',
    };
  };
  return { factor: FACTOR.map(position), bank: BANK.map(position), lines: loans.lines };
}

/** The public shape of a position (the drill-down rows). */
export const financingView = ({ warehouseId: _w, goodsId: _g, ...p }: Position): RiskFinancing => p;
