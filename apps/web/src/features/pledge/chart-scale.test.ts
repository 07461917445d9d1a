import { describe, expect, it } from 'vitest';
import { axisLabel, roundStep } from './chart-scale.ts';

describe('collateral chart axis', () => {
  it('steps by 1, 2 or 5 times a power of ten for about five ticks', () => {
    expect(roundStep(52_000)).toBe(20_000); // 140,000 … 192,000 yuan → 2万 steps
    expect(roundStep(100_000)).toBe(20_000);
    expect(roundStep(24_000)).toBe(5_000);
    expect(roundStep(3)).toBe(1);
    expect(roundStep(0)).toBe(0.2);
    expect(roundStep(7_000_000)).toBe(2_000_000);
  });
  it('labels ten thousands as 万 and smaller values in yuan', () => {
    expect(axisLabel(140_000)).toBe('14万');
    expect(axisLabel(125_000)).toBe('12.5万');
    expect(axisLabel(8_000)).toBe('8000');
  });
});
