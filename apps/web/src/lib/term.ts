import { normalizeYuanText } from './money.ts';

export interface TermLimits {
  /** Smallest term accepted (1 unless said). */
  min?: number;
  /** Largest term accepted: fixed, or read when validating (e.g. the chosen platform's maximum). */
  max?: number | (() => number | undefined);
  /** 天 (days, the default) or 个月 (months). */
  unit?: string;
}

/**
 * A term as typed — number or text, full-width digits from a Chinese input method accepted — as a
 * whole number, or null when it is not one. Never rounds: 1.5 is null, not 2.
 */
export function parseTerm(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = normalizeYuanText(value);
  return /^[+-]?\d+$/.test(text) ? Number(text) : null;
}

/** Why a typed term is refused, or null when it is accepted. */
export function termProblem(label: string, value: unknown, limits: TermLimits = {}): string | null {
  const { min = 1, unit = '天' } = limits;
  if (value === undefined || value === null || value === '') return `请输入${label}`;
  const n = parseTerm(value);
  if (n === null) return `${label}须为整数${unit}`;
  if (n < min) return `${label}至少 ${min} ${unit}`;
  const max = typeof limits.max === 'function' ? limits.max() : limits.max;
  if (max !== undefined && n > max) return `${label}不能超过 ${max} ${unit}`;
  return null;
}

/**
 * antd Form rule of a term input (with `TermInput`): 0, -3 and 1.5 are refused with a message and
 * left as typed, never silently turned into 1 or 2. Required by itself.
 */
export function termRule(label: string, limits: TermLimits = {}) {
  return {
    required: true,
    validator: async (_: unknown, value: unknown) => {
      const problem = termProblem(label, value, limits);
      if (problem) throw new Error(problem);
    },
  };
}
