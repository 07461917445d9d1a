import { formatChinaDate, formatChinaDateTime, formatPercent } from '@factoring/domain';

/** An instant in China time ('2026-05-18 14:03:09'), '—' when there is none; the same in every browser zone. */
export const dateTime = (instant: string | Date | null | undefined) => formatChinaDateTime(instant) || '—';

/** An instant's (or an ISO date's) China date ('2026-05-18'), '—' when there is none. */
export const date = (value: string | Date | null | undefined) => formatChinaDate(value) || '—';

/** A rate in ppm as a percent with two decimals ('7.20%'); none reads 0.00%. */
export const percent = (ppm: number | null | undefined) => formatPercent(ppm ?? 0);

/** 1536 → '1.5 KB'. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A daily rate from an annual rate (actual days / 360) in 万分之 with two decimals: 6.50 % a year →
 * '万分之 1.81', 7.20 % → '万分之 2.00'. Precise enough to tell price tiers apart, which a percent
 * with two decimals (0.02 % for both) is not.
 */
export function dailyRate(annualPpm: number | null | undefined): string {
  const hundredths = Math.round((annualPpm ?? 0) / 360); // 1 ppm = 0.01 万分之, so ppm / 360 is hundredths of 万分之 a day.
  return `万分之 ${(hundredths / 100).toFixed(2)}`;
}
