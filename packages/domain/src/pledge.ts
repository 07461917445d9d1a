// The money rules of goods-pledge financing (PRODUCT §2, §8; issue 14). Collateral is goods in a
// supervised warehouse, valued at the operator's current unit price; the loan may be at most the
// platform's pledge rate (loan-to-value at start) of that value. Every rounding here leans towards
// the factor's safety and is done once, on exact integers or decimals:
//   - collateral value and the largest loan round DOWN (never lend on a fraction of a cent of goods);
//   - the loan-to-value ratio rounds UP (a ratio at 80.00001 % is over an 80 % line);
//   - a margin call and the margin round UP to the cent (what is asked always restores the rate);
//   - goods released on repayment round DOWN to the unit's decimals (never release too much).
import { DomainError } from './errors.ts';
import type { Cents, RatePpm } from './money.ts';
import { PPM } from './money.ts';
import { Dec } from './precise.ts';
import type { QuantityText } from './quantity.ts';

export class PledgeRuleError extends DomainError {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

/** What the platform says about one accepted goods item. */
export interface PledgeTerms {
  /** Loan-to-value at the start, e.g. 700_000 = 70 %. */
  pledgeRatePpm: RatePpm;
  /** Over this LTV the enterprise is warned, e.g. 800_000 = 80 %. */
  warningLinePpm: RatePpm;
  /** Over this LTV a margin call is raised at once, e.g. 900_000 = 90 %. */
  liquidationLinePpm: RatePpm;
  /** Margin (保证金) as a share of the loan, e.g. 100_000 = 10 %. */
  marginRatePpm: RatePpm;
}

/** Refuses terms whose lines are out of order: 0 < pledge rate < warning line < liquidation line ≤ 100 %. */
export function assertPledgeTerms(terms: PledgeTerms): PledgeTerms {
  const { pledgeRatePpm: p, warningLinePpm: w, liquidationLinePpm: l, marginRatePpm: m } = terms;
  const isRate = (r: number) => Number.isInteger(r) && r >= 0 && r <= PPM;
  if (![p, w, l, m].every(isRate)) throw new PledgeRuleError('质押率、预警线、平仓线和保证金比例应在 0% 到 100% 之间', 'PLEDGE_TERMS');
  if (!(p > 0 && p < w && w < l)) throw new PledgeRuleError('应满足：质押率 < 预警线 < 平仓线', 'PLEDGE_TERMS');
  return terms;
}

const cents = (value: Dec): Cents => Number(value.toFixed(0)) as Cents;

/** Value of `quantity` units at `unitPrice` cents a unit, rounded down to the cent. */
export function collateralValue(quantity: QuantityText | Dec, unitPrice: Cents | number): Cents {
  if (!Number.isInteger(unitPrice) || unitPrice <= 0) throw new PledgeRuleError('单价必须大于0', 'PRICE_NOT_POSITIVE');
  const q = new Dec(quantity);
  if (q.isNegative()) throw new PledgeRuleError('数量不能为负数', 'QUANTITY_NEGATIVE');
  return cents(q.times(unitPrice).toDecimalPlaces(0, Dec.ROUND_DOWN));
}

/** The largest loan against a collateral value: value × pledge rate, rounded down. */
export function maxPledgeLoan(value: Cents | number, pledgeRatePpm: RatePpm): Cents {
  return cents(new Dec(value).times(pledgeRatePpm).div(PPM).toDecimalPlaces(0, Dec.ROUND_DOWN));
}

/** Margin to pay before approval: loan × margin rate, rounded up to the cent. */
export function pledgeMargin(amount: Cents | number, marginRatePpm: RatePpm): Cents {
  return cents(new Dec(amount).times(marginRatePpm).div(PPM).toDecimalPlaces(0, Dec.ROUND_UP));
}

/**
 * Loan-to-value in ppm: the exposure not covered by top-up margin, over the collateral's current
 * value, rounded up. Collateral worth nothing with exposure left is 100 % and beyond (reported as
 * `Infinity`); no exposure is 0.
 */
export function loanToValuePpm(p: { outstanding: Cents | number; topUpMargin?: Cents | number; value: Cents | number }): number {
  const exposure = Math.max(0, p.outstanding - (p.topUpMargin ?? 0));
  if (exposure === 0) return 0;
  if (p.value <= 0) return Number.POSITIVE_INFINITY;
  return Number(new Dec(exposure).times(PPM).div(p.value).toDecimalPlaces(0, Dec.ROUND_UP).toFixed(0));
}

export type PledgeRisk = 'NORMAL' | 'WARNING' | 'LIQUIDATION';

export const PLEDGE_RISK_LABELS: Readonly<Record<PledgeRisk, string>> = {
  NORMAL: '正常',
  WARNING: '超过预警线',
  LIQUIDATION: '超过平仓线',
};

/** Where an LTV stands against the platform's lines: strictly over a line counts. */
export function pledgeRisk(ltvPpm: number, terms: Pick<PledgeTerms, 'warningLinePpm' | 'liquidationLinePpm'>): PledgeRisk {
  if (ltvPpm > terms.liquidationLinePpm) return 'LIQUIDATION';
  if (ltvPpm > terms.warningLinePpm) return 'WARNING';
  return 'NORMAL';
}

/**
 * The top-up (补缴保证金) that restores the pledge rate: the exposure beyond value × pledge rate,
 * rounded up, so that after paying it the LTV is at most the pledge rate. 0 when none is needed.
 */
export function marginCallAmount(p: {
  outstanding: Cents | number;
  topUpMargin?: Cents | number;
  value: Cents | number;
  pledgeRatePpm: RatePpm;
}): Cents {
  const exposure = Math.max(0, p.outstanding - (p.topUpMargin ?? 0));
  const allowed = maxPledgeLoan(Math.max(0, p.value), p.pledgeRatePpm);
  return Math.max(0, exposure - allowed) as Cents;
}

/**
 * Whether a new price raises a margin call (PRODUCT §8): over the liquidation line at once; over
 * the warning line when the price is falling. Otherwise a warning at most.
 */
export function needsMarginCall(p: {
  ltvPpm: number;
  priceFalling: boolean;
  terms: Pick<PledgeTerms, 'warningLinePpm' | 'liquidationLinePpm'>;
}): boolean {
  const risk = pledgeRisk(p.ltvPpm, p.terms);
  return risk === 'LIQUIDATION' || (risk === 'WARNING' && p.priceFalling);
}

/**
 * The most goods (in the unit's decimals) that may leave the pledge after a repayment (赎货): what
 * the remaining collateral is worth beyond what the remaining exposure needs at the pledge rate,
 * divided by the unit price, rounded down. All of it once nothing is owed.
 */
export function releasableQuantity(p: {
  pledgedQuantity: QuantityText | Dec;
  unitPrice: Cents | number;
  pledgeRatePpm: RatePpm;
  outstandingAfter: Cents | number;
  topUpMargin?: Cents | number;
  scale: number;
}): QuantityText {
  const pledged = new Dec(p.pledgedQuantity);
  const exposure = Math.max(0, p.outstandingAfter - (p.topUpMargin ?? 0));
  if (exposure === 0) return pledged.toFixed(p.scale);
  if (!Number.isInteger(p.unitPrice) || p.unitPrice <= 0) throw new PledgeRuleError('单价必须大于0', 'PRICE_NOT_POSITIVE');
  // The collateral value the exposure still needs: exposure ÷ pledge rate, rounded up to the cent.
  const neededValue = new Dec(exposure).times(PPM).div(p.pledgeRatePpm).toDecimalPlaces(0, Dec.ROUND_UP);
  // The quantity that value needs at today's price, rounded UP to the unit's decimals: it stays.
  const neededQuantity = neededValue.div(p.unitPrice).toDecimalPlaces(p.scale, Dec.ROUND_UP);
  const free = pledged.minus(neededQuantity);
  return (free.isNegative() ? new Dec(0) : free).toFixed(p.scale);
}

/**
 * The goods a repayment frees in proportion to the principal repaid (PRODUCT §8): of everything ever
 * pledged to the loan, the share the outstanding principal still secures stays (rounded UP to the
 * unit's decimals); what is pledged beyond it may leave. Less whatever has left already.
 */
export function releasableInProportion(p: {
  /** Everything pledged to the loan, released or not (goods added later included). */
  totalPledged: QuantityText | Dec;
  /** What is pledged now (total less what has left). */
  pledgedQuantity: QuantityText | Dec;
  principal: Cents | number;
  outstandingAfter: Cents | number;
  scale: number;
}): QuantityText {
  const pledged = new Dec(p.pledgedQuantity);
  if (p.outstandingAfter <= 0) return pledged.toFixed(p.scale);
  if (!Number.isInteger(p.principal) || p.principal <= 0) throw new PledgeRuleError('融资本金必须大于0', 'PRINCIPAL_NOT_POSITIVE');
  const stays = new Dec(p.totalPledged).times(p.outstandingAfter).div(p.principal).toDecimalPlaces(p.scale, Dec.ROUND_UP);
  const free = pledged.minus(stays);
  return (free.isNegative() ? new Dec(0) : free).toFixed(p.scale);
}

export type ReleaseLimit = 'PROPORTION' | 'VALUE';

/**
 * What a redemption may take after a repayment (issue 22): the lesser of the goods freed in
 * proportion to the principal repaid and the goods beyond what keeps the loan at or below the pledge
 * rate at today's price — and which of the two limits it, so the page can say why.
 */
export function releasableAfterRepayment(p: {
  totalPledged: QuantityText | Dec;
  pledgedQuantity: QuantityText | Dec;
  principal: Cents | number;
  outstandingAfter: Cents | number;
  unitPrice: Cents | number;
  pledgeRatePpm: RatePpm;
  topUpMargin?: Cents | number;
  scale: number;
}): { quantity: QuantityText; inProportion: QuantityText; byValue: QuantityText; limitedBy: ReleaseLimit } {
  const inProportion = releasableInProportion(p);
  const byValue = releasableQuantity(p);
  const limitedBy: ReleaseLimit = new Dec(byValue).lessThan(inProportion) ? 'VALUE' : 'PROPORTION';
  return { quantity: limitedBy === 'VALUE' ? byValue : inProportion, inProportion, byValue, limitedBy };
}

/**
 * The least quantity of the same goods to add to the pledge (补充质押货物, instead of a margin
 * top-up) so that the pledge rate is restored at `unitPrice`: the value the exposure needs
 * (exposure ÷ pledge rate, rounded up to the cent) over the price, rounded UP to the unit's
 * decimals, less what is already pledged. 0 when the pledge rate already holds.
 */
export function quantityToRestorePledgeRate(p: {
  pledgedQuantity: QuantityText | Dec;
  unitPrice: Cents | number;
  pledgeRatePpm: RatePpm;
  outstanding: Cents | number;
  topUpMargin?: Cents | number;
  scale: number;
}): QuantityText {
  if (!Number.isInteger(p.unitPrice) || p.unitPrice <= 0) throw new PledgeRuleError('单价必须大于0', 'PRICE_NOT_POSITIVE');
  const exposure = Math.max(0, p.outstanding - (p.topUpMargin ?? 0));
  const neededValue = new Dec(exposure).times(PPM).div(p.pledgeRatePpm).toDecimalPlaces(0, Dec.ROUND_UP);
  const neededQuantity = neededValue.div(p.unitPrice).toDecimalPlaces(p.scale, Dec.ROUND_UP);
  const more = neededQuantity.minus(new Dec(p.pledgedQuantity));
  return (more.isNegative() ? new Dec(0) : more).toFixed(p.scale);
}

/**
 * The collateral value at which an exposure stands exactly at an LTV line (exposure ÷ line, rounded
 * up to the cent): below it the LTV is over the line. Null when nothing is exposed.
 */
export function valueAtLine(exposure: Cents | number, linePpm: RatePpm): Cents | null {
  if (exposure <= 0) return null;
  return cents(new Dec(exposure).times(PPM).div(linePpm).toDecimalPlaces(0, Dec.ROUND_UP));
}
