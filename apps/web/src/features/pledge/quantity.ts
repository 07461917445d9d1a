import { asciiNumberText, compareQty, parseQuantity, QuantityError } from '@factoring/domain';

/** A typed pledge quantity: the canonical quantity to pledge (null: none on this row) or why it is refused. */
export type QuantityCheck = { quantity: string | null; problem: string | null };

/**
 * Reads a quantity typed into a row of own stock (issue 24): never changed for the user — a number
 * over what is available, a negative number or text is refused with what is wrong and, when too
 * much, the most that may be pledged. Empty or 0 means the row is not pledged. Full-width digits
 * from a Chinese input method and exact thousands groups (1,000) are read as typed.
 */
export function checkPledgeQuantity(text: string | undefined, stock: { available: string; scale: number; unit: string }): QuantityCheck {
  let t = asciiNumberText(text);
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  if (t === '') return { quantity: null, problem: null };
  if (/^-\d*(\.\d*)?$/.test(t) && t !== '-') return { quantity: null, problem: '质押数量不能为负数' };
  if (!/^\+?\d+(\.\d+)?$/.test(t)) return { quantity: null, problem: '质押数量须为数字，例如 10.5' };
  t = t.replace(/^\+/, '');
  if (/^0+(\.0+)?$/.test(t)) return { quantity: null, problem: null };
  let quantity: string;
  try {
    quantity = parseQuantity(t, stock.scale, '质押数量');
  } catch (e) {
    if (e instanceof QuantityError) return { quantity: null, problem: e.message };
    throw e;
  }
  if (compareQty(quantity, stock.available) > 0)
    return { quantity: null, problem: `超过可用数量，最多可质押 ${stock.available} ${stock.unit}` };
  return { quantity, problem: null };
}
