// Money is an integer number of cents (分); rates are integer parts per million of a fraction.
// Parsing works on the decimal text itself so no binary float ever touches an amount.
import { MoneyError } from './errors.ts';

export type Cents = number & { readonly __brand: 'Cents' };

/** Parts per million of a fraction: 4.9 % = 49_000, a multiplier of 1.5 = 1_500_000. */
export type RatePpm = number;

export const PPM = 1_000_000;
export const MAX_CENTS = Number.MAX_SAFE_INTEGER as Cents;
export const ZERO_CENTS = 0 as Cents;

// SPEC §9 fees are in cents (¥20.00).
export const DEFAULT_WITHDRAW_FEE = 2000 as Cents;
export const DEFAULT_TRANSFER_FEE = 2000 as Cents;

const MSG_NOT_INTEGER = '金额必须是以分为单位的整数';
const MSG_OUT_OF_RANGE = '金额超出允许范围';
const MSG_EMPTY = '请输入金额';
const MSG_FORMAT = '金额格式不正确，最多两位小数';
const MSG_RATE_EMPTY = '请输入利率';
const MSG_RATE_FORMAT = '利率格式不正确，最多四位小数';
const MSG_RATE_NOT_INTEGER = '利率必须是以百万分之一为单位的整数';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Brands a number as cents; throws MoneyError unless it is a safe integer. */
export function cents(value: number): Cents {
  if (!isCents(value)) {
    throw new MoneyError(Number.isInteger(value) ? MSG_OUT_OF_RANGE : MSG_NOT_INTEGER);
  }
  return (value === 0 ? 0 : value) as Cents; // no -0
}

/**
 * Number text as typed through a Chinese input method, in ASCII: full-width digits, separators,
 * point, signs and percent become their ASCII forms; spaces around it (also the ideographic space) go.
 * '００１' → '001', '１，０００．５０' → '1,000.50', '－３' → '-3'. Every parser of typed numbers
 * (parseYuan, parsePercent, the id / cents / integer / quantity schemas) reads through it.
 */
export function asciiNumberText(text: string | number | null | undefined): string {
  return String(text ?? '')
    .replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 0x30))
    .replace(/[，\uFF0C]/g, ',')
    .replace(/[．\uFF0E。]/g, '.')
    .replace(/[－\uFF0D\u2212]/g, '-')
    .replace(/[＋\uFF0B]/g, '+')
    .replace(/[％\uFF05]/g, '%')
    .replace(/^[\s\u3000]+|[\s\u3000]+$/g, '');
}

// Thousands groups must be exact ('1,234', not '12,34'); a lone '.' or '.5' is not accepted.
const YUAN_PATTERN = /^([+-])?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** Parses yuan text ('1,234.5', '-0.01', '1234.50') into exact cents. */
export function parseYuan(text: string): Cents {
  const trimmed = asciiNumberText(text);
  if (trimmed === '') throw new MoneyError(MSG_EMPTY);
  const match = YUAN_PATTERN.exec(trimmed);
  if (!match) throw new MoneyError(MSG_FORMAT);
  const [, sign, whole, fraction = ''] = match;
  const magnitude = BigInt(whole.replaceAll(',', '')) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (magnitude > MAX_SAFE) throw new MoneyError(MSG_OUT_OF_RANGE);
  return cents(sign === '-' ? -Number(magnitude) : Number(magnitude));
}

/** Like parseYuan, also accepting a number of yuan via its shortest decimal text (12.34 → 1234). */
export function yuanToCents(value: string | number): Cents {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new MoneyError(MSG_FORMAT);
  return parseYuan(String(value));
}

function splitCents(value: number): { negative: boolean; whole: string; fraction: string } {
  const amount = cents(value);
  const magnitude = BigInt(Math.abs(amount));
  return {
    negative: amount < 0,
    whole: (magnitude / 100n).toString(),
    fraction: (magnitude % 100n).toString().padStart(2, '0'),
  };
}

/** Plain yuan text without separators, e.g. for inputs and exports: 123456789 → '1234567.89'. */
export function centsToYuanString(value: Cents | number): string {
  const { negative, whole, fraction } = splitCents(value);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * Display text: 123456789 → '1,234,567.89'. Nothing known — null, undefined, '' or NaN — shows
 * '0.00' (SPEC §9 "zero or empty shows 0.00"); integer text ('1234') is read as cents. A value that
 * is not whole cents (0.5, Infinity, beyond 2^53) is a programming error and still throws.
 */
export function formatYuan(value: Cents | number | string | null | undefined): string {
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) return '0.00';
  if (typeof value === 'string' && value.trim() === '') return '0.00';
  if (typeof value === 'string') {
    if (!/^-?\d+$/.test(value.trim())) throw new MoneyError(MSG_NOT_INTEGER);
    return formatYuan(Number(value.trim()));
  }
  const { negative, whole, fraction } = splitCents(value);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction}`;
}

/** A sum or product of cents back to Cents, refused past Number.MAX_SAFE_INTEGER (also used by money-rates.ts). */
export function checkedResult(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new MoneyError(MSG_OUT_OF_RANGE);
  return cents(value);
}

export function addCents(a: Cents, b: Cents): Cents {
  return checkedResult(cents(a) + cents(b));
}

export function subCents(a: Cents, b: Cents): Cents {
  return checkedResult(cents(a) - cents(b));
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = ZERO_CENTS;
  for (const value of values) total = addCents(total, value);
  return total;
}

export function ratePpm(value: number): RatePpm {
  if (!Number.isSafeInteger(value)) throw new MoneyError(MSG_RATE_NOT_INTEGER);
  return value === 0 ? 0 : value;
}

const PERCENT_PATTERN = /^(\d+)(?:\.(\d{1,4}))?\s*%?$/;

/** Parses a non-negative percent ('4.9', '4.90%') into ppm exactly: '4.9' → 49_000. */
export function parsePercent(text: string): RatePpm {
  const trimmed = asciiNumberText(text);
  if (trimmed === '') throw new MoneyError(MSG_RATE_EMPTY);
  const match = PERCENT_PATTERN.exec(trimmed);
  if (!match) throw new MoneyError(MSG_RATE_FORMAT);
  const [, whole, fraction = ''] = match;
  const ppm = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0'));
  if (ppm > MAX_SAFE) throw new MoneyError(MSG_RATE_FORMAT);
  return Number(ppm);
}

/** Percent with two decimals, rounded half-up: 49_000 → '4.90%'; null/undefined → '0.00%'. */
export function formatPercent(rate: RatePpm | null | undefined): string {
  if (rate === null || rate === undefined) return '0.00%';
  const ppm = ratePpm(rate);
  const magnitude = BigInt(Math.abs(ppm));
  // 1 ppm = 0.0001 %, so hundredths of a percent are ppm / 100.
  const hundredths = magnitude / 100n + (magnitude % 100n >= 50n ? 1n : 0n);
  const text = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
  return `${ppm < 0 && hundredths > 0n ? '-' : ''}${text}%`;
}

/** Percent text for inputs, without the sign and trailing zeros beyond two decimals: 49_000 → '4.90'. */
export function ratePpmToPercentString(rate: RatePpm): string {
  const ppm = ratePpm(rate);
  const magnitude = BigInt(Math.abs(ppm));
  const whole = magnitude / 10_000n;
  let fraction = (magnitude % 10_000n).toString().padStart(4, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${ppm < 0 ? '-' : ''}${whole}.${fraction}`;
}
