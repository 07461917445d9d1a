// Exposure (issue 27): the live book grouped by product, borrower, debtor/core enterprise, platform,
// and for pledges by warehouse and goods, each row with its share of the book's principal — the risk
// assets the ratios and the limit gate divide by, so a debtor's share here is the figure the ratios
// show (one figure per question). Shares are parts per million split by largest remainder, so a full
// grouping adds to exactly 100 %. Goods pledges have no debtor (book.ts): the debtor rows add to the
// supply loans.
import type { ExposureAnswer, ExposureRow, RiskFinancing } from '@factoring/domain/contract';
import type { IsoDate } from '@factoring/domain';
import { BusinessError } from '../../lib/envelope.ts';
import { financingView, type Book, type Position } from './book.ts';

const PPM = 1_000_000;

/** Shares of `total` in ppm by largest remainder: the shares of rows adding to `total` add to exactly 1 000 000. */
export function sharesPpm(amounts: number[], total: number): number[] {
  if (total <= 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (a * PPM) / total);
  const floor = exact.map(Math.floor);
  const whole = amounts.reduce((s, a) => s + a, 0) === total;
  if (!whole) return exact.map(Math.round);
  let left = PPM - floor.reduce((s, f) => s + f, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floor[i] += 1;
    left -= 1;
  }
  return floor;
}

const sumOf = (ps: Position[]) => ({
  count: ps.length,
  principal: ps.reduce((s, p) => s + p.principal, 0),
  interest: ps.reduce((s, p) => s + p.interest, 0),
  penalty: ps.reduce((s, p) => s + p.penalty, 0),
  total: ps.reduce((s, p) => s + p.total, 0),
});

/** Rows of a grouping, biggest total first; shares of the book's principal `bookPrincipal` (the risk assets). */
function groupBy(ps: Position[], keyOf: (p: Position) => { key: string; label: string } | null, bookPrincipal: number): ExposureRow[] {
  const groups = new Map<string, { label: string; items: Position[] }>();
  for (const p of ps) {
    const k = keyOf(p);
    if (!k) continue;
    const g = groups.get(k.key) ?? { label: k.label, items: [] };
    g.items.push(p);
    groups.set(k.key, g);
  }
  const rows = [...groups].map(([key, g]) => ({ key, label: g.label, ...sumOf(g.items) }));
  rows.sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  const shares = sharesPpm(
    rows.map((r) => r.principal),
    bookPrincipal,
  );
  return rows.map((r, i) => ({ ...r, sharePpm: shares[i] }));
}

/** The keys a position is grouped by, per dimension of the drill-down. */
export const DIMENSION_KEYS = {
  product: (p: Position) => ({ key: p.product, label: p.productLabel }),
  borrower: (p: Position) => ({ key: String(p.borrowerId), label: p.borrowerName }),
  debtor: (p: Position) => (p.debtorId === null ? null : { key: String(p.debtorId), label: p.debtorName ?? '' }),
  platform: (p: Position) => (p.platformId === null ? null : { key: String(p.platformId), label: p.platformName ?? '' }),
  warehouse: (p: Position) => (p.warehouseId === null ? null : { key: String(p.warehouseId), label: p.warehouseName ?? '' }),
  goods: (p: Position) => (p.goodsId === null ? null : { key: String(p.goodsId), label: p.goodsName ?? '' }),
} as const;
export type Dimension = keyof typeof DIMENSION_KEYS;

/** Exposure on the day of `book`. */
export function exposure(asOf: IsoDate, book: Book): ExposureAnswer {
  const { factor, bank } = book;
  const totals = sumOf(factor);
  const bankTotal = sumOf(bank);
  // Every line of the factor's book is listed, even with nothing outstanding.
  const byProduct = groupBy(factor, DIMENSION_KEYS.product, totals.principal);
  for (const line of book.lines)
    if (line.side === 'FACTOR' && !byProduct.some((r) => r.key === line.code))
      byProduct.push({ key: line.code, label: line.label, count: 0, principal: 0, interest: 0, penalty: 0, total: 0, sharePpm: 0 });
  return {
    asOf,
    book: totals,
    byProduct,
    byBorrower: groupBy(factor, DIMENSION_KEYS.borrower, totals.principal),
    byDebtor: groupBy(factor, DIMENSION_KEYS.debtor, totals.principal),
    byPlatform: groupBy(factor, DIMENSION_KEYS.platform, totals.principal),
    byWarehouse: groupBy(factor, DIMENSION_KEYS.warehouse, totals.principal),
    byGoods: groupBy(factor, DIMENSION_KEYS.goods, totals.principal),
    bankBook: {
      ...bankTotal,
      byProduct: groupBy(bank, DIMENSION_KEYS.product, bankTotal.principal),
      byBorrower: groupBy(bank, DIMENSION_KEYS.borrower, bankTotal.principal),
    },
  };
}

/** The financings behind one row of a grouping (a product line of the banks' book answers from that book). */
export function exposureFinancings(book: Book, dimension: Dimension, key: string): RiskFinancing[] {
  const line = dimension === 'product' ? book.lines.find((l) => l.code === key) : undefined;
  if (dimension === 'product' && !line) throw new BusinessError('产品类型不正确', 'RISK_BAD_KEY');
  const all = line?.side === 'BANK' ? book.bank : book.factor;
  return all
    .filter((p) => DIMENSION_KEYS[dimension](p)?.key === key)
    .sort((a, b) => b.total - a.total || a.id - b.id)
    .map(financingView);
}
