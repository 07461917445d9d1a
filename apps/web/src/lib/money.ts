import { asciiNumberText, formatYuan, parseYuan, type Cents } from '@factoring/domain';

/**
 * A yuan amount as typed, in the form parseYuan reads: full-width digits, separators and sign
 * (Chinese input methods) become ASCII by the domain's one rule (`asciiNumberText`, which the API
 * schemas use too), and spaces go. '１，０００．５０' → '1,000.50'.
 */
export function normalizeYuanText(text: string | number | null | undefined): string {
  return asciiNumberText(text).replace(/[\s\u3000]+/g, '');
}

/** Parses a yuan input into cents, or null while it is not a valid positive amount. */
export function tryParseYuan(text: string | number | undefined | null): Cents | null {
  try {
    const c = parseYuan(normalizeYuanText(text));
    return c > 0 ? c : null;
  } catch {
    return null;
  }
}

/** Cents shown as '¥1,234.50'; nothing known (null, '', NaN) reads ¥0.00 as SPEC §9 says, never a thrown error. */
export const yuan = (c: number | string | null | undefined) => `¥${formatYuan(c)}`;

/**
 * antd Form rule for a yuan amount input: parsed exactly with parseYuan (never float × 100),
 * positive, optionally capped. `overMessage` is fixed text or built from the cap in cents.
 */
export function yuanRule(
  label: string,
  max?: () => number | undefined,
  overMessage?: string | ((cap: number) => string),
  /** A further rule on the parsed cents: its Chinese message, or null (e.g. the domain's financingAmountProblem). */
  problem?: (cents: number) => string | null,
) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const text = normalizeYuanText(value);
      if (!text) throw new Error(`请输入${label}`);
      let cents: number;
      try {
        cents = parseYuan(text);
      } catch (err) {
        throw new Error(err instanceof Error ? err.message : '金额格式不正确', { cause: err });
      }
      if (cents <= 0) throw new Error(`${label}必须大于0`);
      const refused = problem?.(cents);
      if (refused) throw new Error(refused);
      const cap = max?.();
      if (cap === undefined || cents <= cap) return;
      if (typeof overMessage === 'function') throw new Error(overMessage(cap));
      throw new Error(overMessage ?? `${label}不能超过 ${formatYuan(cap)} 元`);
    },
  };
}
