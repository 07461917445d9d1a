// The value axes of the charts (funds' monthly flows, pledge collateral): round steps and short Chinese labels (in yuan).

/** A round step for about five ticks: 1, 2 or 5 times a power of ten. */
export function roundStep(range: number): number {
  const raw = Math.max(range, 1) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/** An axis from 0 to the round tick at or above `high`: 0, 50万, 100万, 150万 for a high of 1,338,888 yuan. */
export function zeroBasedAxis(high: number): { min: number; max: number; step: number } {
  const step = roundStep(Math.max(high, 0));
  return { min: 0, max: Math.max(step, Math.ceil(high / step) * step), step };
}

/** Axis label: 亿 from a hundred million yuan, 万 from ten thousand (at most two decimals), whole yuan below. */
export const axisLabel = (yuan: number) =>
  Math.abs(yuan) >= 100_000_000
    ? `${Number((yuan / 100_000_000).toFixed(2))}亿`
    : Math.abs(yuan) >= 10_000
      ? `${Number((yuan / 10_000).toFixed(2))}万`
      : `${yuan}`;
