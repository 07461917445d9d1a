import { describe, expect, it } from 'vitest';
import { axisLabel, roundStep, zeroBasedAxis } from './chart-scale.ts';

describe('chart value axis', () => {
  it('steps by 1, 2 or 5 times a power of ten for about five ticks', () => {
    expect(roundStep(52_000)).toBe(20_000); // 140,000 … 192,000 yuan → 2万 steps
    expect(roundStep(100_000)).toBe(20_000);
    expect(roundStep(24_000)).toBe(5_000);
    expect(roundStep(3)).toBe(1);
    expect(roundStep(0)).toBe(0.2);
    expect(roundStep(7_000_000)).toBe(2_000_000);
  });
  it('runs a zero-based axis up to the round tick at or above the highest value', () => {
    expect(zeroBasedAxis(1_338_888)).toEqual({ min: 0, max: 1_500_000, step: 500_000 });
    expect(zeroBasedAxis(1_000_000)).toEqual({ min: 0, max: 1_000_000, step: 200_000 });
    expect(zeroBasedAxis(88_888)).toEqual({ min: 0, max: 100_000, step: 20_000 });
    expect(zeroBasedAxis(0)).toEqual({ min: 0, max: 0.2, step: 0.2 });
  });
  it('labels hundred millions as 亿, ten thousands as 万 and smaller values in yuan', () => {
    expect(axisLabel(140_000)).toBe('14万');
    expect(axisLabel(125_000)).toBe('12.5万');
    expect(axisLabel(500_000)).toBe('50万');
    expect(axisLabel(1_000_000)).toBe('100万');
    expect(axisLabel(150_000_000)).toBe('1.5亿');
    expect(axisLabel(8_000)).toBe('8000');
    expect(axisLabel(0)).toBe('0');
  });
});
