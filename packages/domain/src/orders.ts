// Purchase and sales orders (PRODUCT §9, issue 16): exact line and order totals, quantities as
// exact decimals, fulfilment by line and how a payment is split between controlled and free funds.
// Pure: no I/O. Quantities stay decimal text and are computed with decimal.js, never binary floats.
import { DomainError } from './errors.ts';
import { assertBalanced, type JournalDraft, type PostingLine } from './ledger.ts';
import { formatYuan, type Cents } from './money.ts';
import { Dec, roundHalfUp } from './precise.ts';

export class OrderError extends DomainError {}

/** VAT rates an order line may carry (China: 0, 1 %, 3 %, 5 %, 6 %, 9 %, 13 %), in parts per million. */
export const ORDER_TAX_RATES_PPM = [0, 10_000, 30_000, 50_000, 60_000, 90_000, 130_000] as const;
export type OrderTaxRatePpm = (typeof ORDER_TAX_RATES_PPM)[number];

/** Decimals a quantity may carry (tonnes to the kilogram). */
export const QUANTITY_SCALE = 3;

export interface OrderLineInput {
  /** Exact decimal text, > 0, at most QUANTITY_SCALE decimals. */
  quantity: string;
  /** Unit price excluding tax, in cents, > 0. */
  unitPrice: number;
  taxRatePpm: number;
}

export interface LineTotals {
  /** quantity × unit price, rounded half-up to the cent once. */
  amount: Cents;
  /** total − amount, so the three always add up. */
  tax: Cents;
  /** quantity × unit price × (1 + tax rate), rounded half-up to the cent once. */
  total: Cents;
}

const QUANTITY_TEXT = new RegExp(`^\\d{1,12}(\\.\\d{1,${QUANTITY_SCALE}})?$`);

function quantityOf(text: string): Dec {
  if (typeof text !== 'string' || !QUANTITY_TEXT.test(text)) throw new OrderError(`数量格式不正确（最多 ${QUANTITY_SCALE} 位小数）`);
  const q = new Dec(text);
  if (q.lte(0)) throw new OrderError('数量必须大于0');
  return q;
}

function centsOf(value: Dec): Cents {
  const n = value.toNumber();
  if (!Number.isSafeInteger(n)) throw new OrderError('金额超出允许范围');
  return n as Cents;
}

/**
 * One line's amount, tax and total. Each figure is rounded half-up once from the exact product,
 * and the tax is the difference, so amount + tax = total on every line (no per-unit rounding, no
 * rounding of sums).
 */
export function lineTotals(line: OrderLineInput): LineTotals {
  const quantity = quantityOf(line.quantity);
  if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice <= 0) throw new OrderError('单价必须大于0');
  if (!(ORDER_TAX_RATES_PPM as readonly number[]).includes(line.taxRatePpm)) throw new OrderError('税率不正确');
  const net = quantity.times(line.unitPrice);
  const gross = net.times(new Dec(1_000_000).plus(line.taxRatePpm)).dividedBy(1_000_000);
  const amount = centsOf(roundHalfUp(net));
  const total = centsOf(roundHalfUp(gross));
  return { amount, tax: (total - amount) as Cents, total };
}

export interface OrderTotals extends LineTotals {
  lines: LineTotals[];
}

/** An order's totals: the sums of its lines' rounded figures (rounding happens only per line). */
export function orderTotals(lines: readonly OrderLineInput[]): OrderTotals {
  if (!lines.length) throw new OrderError('订单至少需要一行明细');
  const each = lines.map(lineTotals);
  const sum = (k: keyof LineTotals) => {
    const s = each.reduce((acc, l) => acc + l[k], 0);
    if (!Number.isSafeInteger(s)) throw new OrderError('订单金额超出允许范围');
    return s as Cents;
  };
  return { amount: sum('amount'), tax: sum('tax'), total: sum('total'), lines: each };
}

/** Exact decimal text of a sum of quantities, written without trailing zeros. */
export function addQuantities(...values: string[]): string {
  return values.reduce((acc, v) => acc.plus(new Dec(v)), new Dec(0)).toFixed();
}

/** a − b as exact decimal text (may be negative). */
export function subtractQuantity(a: string, b: string): string {
  return new Dec(a).minus(new Dec(b)).toFixed();
}

/** −1, 0 or 1. */
export function compareQuantities(a: string, b: string): number {
  return new Dec(a).comparedTo(new Dec(b));
}

/** Normalised text of a quantity from the database (`12.500` → `12.5`). */
export const normaliseQuantity = (value: string): string => new Dec(value).toFixed();

export interface FulfilmentLine {
  lineId: number;
  quantity: string;
  fulfilled: string;
}

/**
 * Applies a delivery or receipt to an order's lines: each given quantity must be > 0 and within the
 * line's remaining quantity. Returns each line's new fulfilled quantity and whether the whole order
 * is now fulfilled.
 */
export function applyFulfilment(lines: readonly FulfilmentLine[], movement: readonly { lineId: number; quantity: string }[]) {
  if (!movement.length) throw new OrderError('请至少填写一行本次数量');
  const seen = new Set<number>();
  const after = new Map(lines.map((l) => [l.lineId, l.fulfilled]));
  for (const m of movement) {
    if (seen.has(m.lineId)) throw new OrderError('同一明细行不能重复填写');
    seen.add(m.lineId);
    const line = lines.find((l) => l.lineId === m.lineId);
    if (!line) throw new OrderError('明细行不属于该订单');
    const q = quantityOf(m.quantity);
    const remaining = new Dec(line.quantity).minus(line.fulfilled);
    if (q.gt(remaining)) throw new OrderError(`本次数量 ${q.toFixed()} 超过该行未完成数量 ${remaining.toFixed()}`);
    after.set(line.lineId, new Dec(line.fulfilled).plus(q).toFixed());
  }
  const complete = lines.every((l) => new Dec(after.get(l.lineId)!).gte(l.quantity));
  return { fulfilled: after, complete };
}

/** Outstanding amount of an order: total − paid, never below zero. */
export const outstandingOf = (o: { totalAmount: number; paidAmount: number }): Cents => Math.max(0, o.totalAmount - o.paidAmount) as Cents;

export interface PaymentSplit {
  fromControlled: Cents;
  fromFree: Cents;
  fee: Cents;
  /** What leaves the free part: fromFree + fee. */
  freeTotal: Cents;
}

/**
 * How a targeted payment of an order is funded (PRODUCT §5): controlled funds first, then free
 * funds; the fee is always paid from free funds. Refuses an amount above the outstanding amount
 * and a shortfall of free funds.
 */
export function splitOrderPayment(p: {
  amount: number;
  outstanding: number;
  controlled: number;
  available: number;
  fee: number;
}): PaymentSplit {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw new OrderError('支付金额必须大于0');
  if (p.amount > p.outstanding) throw new OrderError(`支付金额超过订单未付金额（未付 ${formatYuan(p.outstanding)} 元）`);
  const fromControlled = Math.min(p.amount, Math.max(0, p.controlled));
  const fromFree = p.amount - fromControlled;
  const freeTotal = fromFree + p.fee;
  if (freeTotal > p.available) {
    throw new OrderError(
      `可用余额不足：需从可用资金支付 ${formatYuan(freeTotal)} 元（含手续费），可用余额 ${formatYuan(Math.max(0, p.available))} 元`,
    );
  }
  return { fromControlled: fromControlled as Cents, fromFree: fromFree as Cents, fee: p.fee as Cents, freeTotal: freeTotal as Cents };
}

/**
 * The free-funds part of an order's targeted payment: the part not covered by controlled funds
 * leaves the enterprise's free part to the payee through the factor's bank, and the fee goes to the
 * factor. (The controlled part is posted by the funds module's targeted payment, tranche by tranche.)
 */
export function orderFreePaymentEntry(p: {
  enterpriseId: number;
  amount: Cents;
  fee: Cents;
  payee: { name: string; accountNo: string };
  memo: string;
}): JournalDraft {
  const lines: PostingLine[] = [];
  const free = { enterpriseId: p.enterpriseId, bucket: 'AVAILABLE' as const };
  if (p.amount > 0) {
    lines.push({
      account: free,
      side: 'D',
      amount: p.amount,
      flowType: 'TARGETED_PAYMENT',
      counterpartyName: p.payee.name,
      counterpartyAccount: p.payee.accountNo,
      memo: p.memo,
    });
    lines.push({
      account: { factor: 'BANK_CASH' },
      side: 'C',
      amount: p.amount,
      flowType: 'BANK_PAYOUT',
      counterpartyName: p.payee.name,
      counterpartyAccount: p.payee.accountNo,
    });
  }
  if (p.fee > 0) {
    lines.push({ account: free, side: 'D', amount: p.fee, flowType: 'TRANSFER_FEE', memo: `定向支付手续费 ${p.memo}` });
    lines.push({ account: { factor: 'FEE_INCOME' }, side: 'C', amount: p.fee, flowType: 'FEE_INCOME' });
  }
  return assertBalanced({ kind: 'TARGETED_PAYMENT', memo: p.memo, lines });
}
