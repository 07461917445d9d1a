// Contract statuses with their labels live in the domain package (status/contract.ts); each kind's label is its own (contract-kinds.ts).
export { CONTRACT_STATUS_LABELS } from '@factoring/domain';

/** The calendar day of an instant in China, YYYY-MM-DD: contract days are China days. */
export { chinaDate } from '@factoring/domain';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];

/** Four digits (0–9999) in capital numerals, with the zeros a cheque writer would put. */
function groupWords(n: number): string {
  let out = '';
  let pendingZero = false;
  for (let pos = 3; pos >= 0; pos--) {
    const d = Math.floor(n / 10 ** pos) % 10;
    if (d === 0) {
      if (out) pendingZero = true;
    } else {
      if (pendingZero) out += '零';
      pendingZero = false;
      out += DIGITS[d] + SMALL_UNITS[pos];
    }
  }
  return out;
}

/**
 * An amount in cents as the capital-numeral text of Chinese contracts (大写金额), e.g.
 * 100000000 → '壹佰万元整', 1234567 → '壹万贰仟叁佰肆拾伍元陆角柒分', 1001 → '壹拾元零壹分'.
 */
export function amountInWords(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`invalid amount: ${amountCents}`);
  const yuan = Math.floor(amountCents / 100);
  const jiao = Math.floor(amountCents / 10) % 10;
  const fen = amountCents % 10;
  let integer = '';
  if (yuan > 0) {
    const groups: number[] = [];
    for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
    if (groups.length > BIG_UNITS.length) throw new RangeError(`amount too large: ${amountCents}`);
    let needZero = false;
    for (let i = groups.length - 1; i >= 0; i--) {
      const g = groups[i];
      if (g === 0) {
        needZero = integer !== '';
        continue;
      }
      if (integer && (needZero || g < 1000)) integer += '零';
      integer += groupWords(g) + BIG_UNITS[i];
      needZero = false;
    }
    integer += '元';
  }
  if (jiao === 0 && fen === 0) return (integer || '零元') + '整';
  let fraction = '';
  if (jiao > 0) fraction += `${DIGITS[jiao]}角`;
  else if (integer) fraction += '零';
  if (fen > 0) fraction += `${DIGITS[fen]}分`;
  return integer + fraction;
}
