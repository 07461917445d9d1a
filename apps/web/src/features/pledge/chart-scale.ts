// The value axis of the collateral chart: round steps and short Chinese labels (in yuan).

/** A round step for about five ticks: 1, 2 or 5 times a power of ten. */
export function roundStep(range: number): number {
  const raw = Math.max(range, 1) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/** Axis label: 万 from ten thousand yuan up (at most two decimals), whole yuan below. */
export const axisLabel = (yuan: number) => (Math.abs(yuan) >= 10_000 ? `${Number((yuan / 10_000).toFixed(2))}万` : `${yuan}`);
