import { formatYuan, parseYuan } from '@factoring/domain';

/**
 * antd Form rule for a yuan amount input: parsed exactly with parseYuan (never float × 100),
 * positive, optionally capped. `overMessage` is fixed text or built from the cap in cents.
 */
export function yuanRule(label: string, max?: () => number | undefined, overMessage?: string | ((cap: number) => string)) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value || !String(value).trim()) throw new Error(`请输入${label}`);
      let cents: number;
      try {
        cents = parseYuan(String(value));
      } catch (err) {
        throw new Error(err instanceof Error ? err.message : '金额格式不正确', { cause: err });
      }
      if (cents <= 0) throw new Error(`${label}必须大于0`);
      const cap = max?.();
      if (cap === undefined || cents <= cap) return;
      if (typeof overMessage === 'function') throw new Error(overMessage(cap));
      throw new Error(overMessage ?? `${label}不能超过 ${formatYuan(cap)} 元`);
    },
  };
}
