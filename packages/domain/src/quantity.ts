// The quantity rules of the stock ledger (issue 13). Goods are counted in exact decimals — a unit may
// be tonnes with three decimals or whole pieces — so quantities travel as decimal text and are added
// and compared with decimal.js, never as binary floats. A stock position has three buckets:
// available (free to leave), pledged (collateral of a financing) and frozen (held: by a live warehouse
// receipt or by an operator). Every movement is a set of bucket deltas; no bucket may go below zero.
import { DomainError } from './errors.ts';
import { Dec } from './precise.ts';

export class QuantityError extends DomainError {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

/** Decimal text such as `'12.500'`, as stored in a `numeric` column and sent over the API. */
export type QuantityText = string;

/** The largest number of decimals any unit may use (the scale of the numeric columns). */
export const MAX_QUANTITY_SCALE = 3;
/** Quantities stay below 10^12 of a unit (the numeric columns are numeric(18,3)). */
const MAX_INTEGER_DIGITS = 12;

const EXACT_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Parses trusted decimal text (a stored or already validated quantity). */
export function qty(value: QuantityText | number | bigint): Dec {
  if (typeof value === 'string' && !EXACT_DECIMAL.test(value.trim()))
    throw new QuantityError(`数量“${value}”格式不正确`, 'QUANTITY_FORMAT');
  return new Dec(typeof value === 'bigint' ? value.toString() : value);
}

/**
 * Validates a user's quantity for a unit with `scale` decimals: a decimal number greater than 0, at
 * most `scale` decimals, below 10^12. Returns the canonical text with exactly `scale` decimals.
 * Never rounds: `1.2345` for a three-decimal unit is refused, not cut.
 */
export function parseQuantity(input: unknown, scale: number, label = '数量'): QuantityText {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : typeof input === 'string' ? input.trim() : '';
  if (text === '') throw new QuantityError(`请输入${label}`, 'QUANTITY_REQUIRED');
  if (/^-/.test(text) && EXACT_DECIMAL.test(text)) throw new QuantityError(`${label}必须大于0`, 'QUANTITY_NOT_POSITIVE');
  if (!/^\d+(\.\d+)?$/.test(text)) throw new QuantityError(`${label}格式不正确，请输入数字`, 'QUANTITY_FORMAT');
  const [whole, fraction = ''] = text.split('.');
  const decimals = fraction.replace(/0+$/, '').length;
  if (decimals > scale) {
    throw new QuantityError(scale === 0 ? `${label}必须是整数` : `${label}最多 ${scale} 位小数`, 'QUANTITY_PRECISION');
  }
  if (whole.replace(/^0+(?=\d)/, '').length > MAX_INTEGER_DIGITS) throw new QuantityError(`${label}超出允许范围`, 'QUANTITY_RANGE');
  const value = new Dec(text);
  if (value.lte(0)) throw new QuantityError(`${label}必须大于0`, 'QUANTITY_NOT_POSITIVE');
  return value.toFixed(scale);
}

/** Canonical text with `scale` decimals (for storage and answers). */
export const toQuantityText = (value: Dec, scale = MAX_QUANTITY_SCALE): QuantityText => value.toFixed(scale);

export const sumQuantities = (...values: (QuantityText | Dec)[]): Dec => values.reduce<Dec>((sum, v) => sum.plus(v), new Dec(0));

/** `a` compared with `b`: −1, 0 or 1. */
export const compareQty = (a: QuantityText | Dec, b: QuantityText | Dec): number => new Dec(a).comparedTo(new Dec(b));

/** Shows a quantity with thousands separators and the unit's decimals: `12,345.500`. */
export function formatQuantity(value: QuantityText | null | undefined, scale = MAX_QUANTITY_SCALE): string {
  if (value == null || value === '') return (0).toFixed(scale);
  const fixed = new Dec(value).toFixed(scale);
  const [whole, fraction] = fixed.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** The three buckets of a stock position. */
export interface PositionBuckets {
  available: QuantityText;
  pledged: QuantityText;
  frozen: QuantityText;
}

export const BUCKET_LABELS: Readonly<Record<keyof PositionBuckets, string>> = { available: '可用', pledged: '质押', frozen: '冻结' };

export const totalOf = (p: PositionBuckets): Dec => sumQuantities(p.available, p.pledged, p.frozen);

export type MovementKind =
  | 'IN'
  | 'OUT'
  | 'MOVE_OUT'
  | 'MOVE_IN'
  | 'PLEDGE'
  | 'RELEASE'
  | 'FREEZE'
  | 'UNFREEZE'
  | 'RECEIPT_ISSUE'
  | 'RECEIPT_CANCEL'
  | 'RECEIPT_PLEDGE'
  | 'RECEIPT_RELEASE'
  | 'ENDORSE_OUT'
  | 'ENDORSE_IN'
  | 'ADJUST_GAIN'
  | 'ADJUST_LOSS';

export const MOVEMENT_KIND_LABELS: Readonly<Record<MovementKind, string>> = {
  IN: '入库',
  OUT: '出库',
  MOVE_OUT: '移库（移出）',
  MOVE_IN: '移库（移入）',
  PLEDGE: '质押',
  RELEASE: '解除质押',
  FREEZE: '冻结',
  UNFREEZE: '解冻',
  RECEIPT_ISSUE: '开立仓单',
  RECEIPT_CANCEL: '注销仓单',
  RECEIPT_PLEDGE: '仓单质押',
  RECEIPT_RELEASE: '仓单解押',
  ENDORSE_OUT: '仓单背书转出',
  ENDORSE_IN: '仓单背书转入',
  ADJUST_GAIN: '盘盈调整',
  ADJUST_LOSS: '盘亏调整',
};

export const MOVEMENT_KINDS = Object.keys(MOVEMENT_KIND_LABELS) as MovementKind[];

/** The change of each bucket a movement makes (decimal text; negative takes out). */
export type BucketDeltas = PositionBuckets;

type Bucket = keyof PositionBuckets;
/** Which bucket a movement takes from and which it puts into (null: the goods enter or leave the position). */
const FLOW: Readonly<Record<MovementKind, { from: Bucket | null; to: Bucket | null }>> = {
  IN: { from: null, to: 'available' },
  OUT: { from: 'available', to: null },
  MOVE_OUT: { from: 'available', to: null },
  MOVE_IN: { from: null, to: 'available' },
  PLEDGE: { from: 'available', to: 'pledged' },
  RELEASE: { from: 'pledged', to: 'available' },
  FREEZE: { from: 'available', to: 'frozen' },
  UNFREEZE: { from: 'frozen', to: 'available' },
  RECEIPT_ISSUE: { from: 'available', to: 'frozen' },
  RECEIPT_CANCEL: { from: 'frozen', to: 'available' },
  RECEIPT_PLEDGE: { from: 'frozen', to: 'pledged' },
  RECEIPT_RELEASE: { from: 'pledged', to: 'frozen' },
  ENDORSE_OUT: { from: 'frozen', to: null },
  ENDORSE_IN: { from: null, to: 'frozen' },
  ADJUST_GAIN: { from: null, to: 'available' },
  ADJUST_LOSS: { from: 'available', to: null },
};

/** What a movement does to the buckets, for a quantity greater than 0. */
export function movementDeltas(kind: MovementKind, quantity: QuantityText): BucketDeltas {
  const q = qty(quantity);
  if (q.lte(0)) throw new QuantityError('数量必须大于0', 'QUANTITY_NOT_POSITIVE');
  const { from, to } = FLOW[kind];
  const delta = (bucket: Bucket) => (bucket === from ? q.neg() : bucket === to ? q : new Dec(0)).toFixed(MAX_QUANTITY_SCALE);
  return { available: delta('available'), pledged: delta('pledged'), frozen: delta('frozen') };
}

const SHORTAGE: Readonly<Record<Bucket, { message: string; code: string }>> = {
  available: { message: '可用库存不足', code: 'STOCK_NOT_AVAILABLE' },
  pledged: { message: '质押数量不足', code: 'STOCK_NOT_PLEDGED' },
  frozen: { message: '冻结数量不足', code: 'STOCK_NOT_FROZEN' },
};

/**
 * The position after a movement. Refuses (QuantityError) when any bucket would go below zero — the
 * one rule that keeps pledged and frozen goods from leaving: a stock-out only ever takes from
 * `available`. The message names what is short and what is there.
 */
export function applyMovement(position: PositionBuckets, kind: MovementKind, quantity: QuantityText, unit = ''): PositionBuckets {
  const deltas = movementDeltas(kind, quantity);
  const next = {} as PositionBuckets;
  for (const bucket of ['available', 'pledged', 'frozen'] as const) {
    const after = qty(position[bucket]).plus(deltas[bucket]);
    if (after.lt(0)) {
      const { message, code } = SHORTAGE[bucket];
      const have = formatQuantity(position[bucket]);
      // Say why goods that are physically there cannot be used: they are pledged or frozen.
      const held =
        bucket === 'available' && qty(position.pledged).plus(qty(position.frozen)).gt(0)
          ? `（质押 ${formatQuantity(position.pledged)}${unit}、冻结 ${formatQuantity(position.frozen)}${unit} 的货物不能动用）`
          : '';
      throw new QuantityError(
        `${message}：${BUCKET_LABELS[bucket]}数量 ${have}${unit}，本次需要 ${formatQuantity(quantity)}${unit}${held}`,
        code,
      );
    }
    next[bucket] = after.toFixed(MAX_QUANTITY_SCALE);
  }
  return next;
}

/** Splitting a receipt: every part greater than 0, and the parts add up exactly to the whole. */
export function checkSplit(whole: QuantityText, parts: QuantityText[]): void {
  if (parts.length < 2) throw new QuantityError('拆分至少需要两份', 'SPLIT_PARTS');
  if (parts.some((p) => qty(p).lte(0))) throw new QuantityError('拆分的每一份数量都必须大于0', 'SPLIT_PARTS');
  const sum = sumQuantities(...parts);
  if (!sum.eq(qty(whole))) {
    throw new QuantityError(
      `拆分数量合计 ${formatQuantity(sum.toFixed(MAX_QUANTITY_SCALE))} 与仓单数量 ${formatQuantity(whole)} 不一致`,
      'SPLIT_NOT_BALANCED',
    );
  }
}

export interface CountLine {
  /** On the books: available + pledged + frozen. */
  book: QuantityText;
  counted: QuantityText;
  available: QuantityText;
}

/**
 * A stock-take line: the difference between what was counted and what is on the books. A shortfall
 * larger than the available quantity touches pledged or receipt goods: it is flagged for the
 * operator, never taken silently.
 */
export function countDifference(line: CountLine): {
  difference: QuantityText;
  kind: 'ADJUST_GAIN' | 'ADJUST_LOSS' | null;
  touchesEncumbered: boolean;
} {
  const diff = qty(line.counted).minus(qty(line.book));
  if (diff.isZero()) return { difference: toQuantityText(diff), kind: null, touchesEncumbered: false };
  if (diff.gt(0)) return { difference: toQuantityText(diff), kind: 'ADJUST_GAIN', touchesEncumbered: false };
  return { difference: toQuantityText(diff), kind: 'ADJUST_LOSS', touchesEncumbered: diff.abs().gt(qty(line.available)) };
}
