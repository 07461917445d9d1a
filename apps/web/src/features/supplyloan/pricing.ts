import { percent } from '../../lib/format.ts';
import type { PlatformRow, PriceBracket } from './api.ts';

/** What the price list reads of a platform (the contract's platform answer). */
type Priced = Pick<PlatformRow, 'annualRatePpm' | 'serviceFeeRatePpm' | 'maxTermDays' | 'priceList'>;

/** Whether some term from 1 day to the platform maximum falls in no tier (and so is priced at the base rate). */
export function baseRateApplies(p: Priced): boolean {
  const covered = new Set<number>();
  for (const b of p.priceList) for (let d = Math.max(1, b.minDays); d <= Math.min(b.maxDays, p.maxTermDays); d++) covered.add(d);
  return covered.size < p.maxTermDays;
}

/**
 * The rows of a platform's price list: its tiers, and the base rate as a row of its own only where
 * it really applies (no tiers, or terms no tier covers).
 */
export function priceRows(p: Priced): (PriceBracket & { key: string; base?: boolean })[] {
  const tiers = p.priceList.map((b) => ({ ...b, key: `${b.minDays}-${b.maxDays}` }));
  if (!baseRateApplies(p)) return tiers;
  return [
    ...tiers,
    {
      key: 'base',
      minDays: 1,
      maxDays: p.maxTermDays,
      annualRatePpm: p.annualRatePpm,
      serviceFeeRatePpm: p.serviceFeeRatePpm,
      base: true,
    },
  ];
}

/**
 * The headline annual rate range of a platform, from the rates that can actually be charged: the
 * tiers, plus the base rate only where some term falls outside them. "7.20% 起" over tiers starting
 * at 6.50% would not be true.
 */
export function rateSpan(p: Priced): { min: number; max: number } {
  const rates = priceRows(p).map((r) => r.annualRatePpm);
  return { min: Math.min(...rates), max: Math.max(...rates) };
}

/** The headline rate as shown: '8.40%' for one rate, '6.50% – 8.00%' across tiers. */
export function rateHeadline(p: Priced): string {
  const { min, max } = rateSpan(p);
  return min === max ? percent(min) : `${percent(min)} – ${percent(max)}`;
}
