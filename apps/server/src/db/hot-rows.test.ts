import { describe, expect, it } from 'vitest';
import { isoOfMs, timestampMs } from './hot-rows.ts';

describe('hot-rows time helpers', () => {
  it('formats like Date.toISOString across years, leap days and millisecond edges', () => {
    const fixed = [
      0, -1, 1, 951_782_400_000, 951_868_799_999, 1_709_164_800_000, 4_102_444_799_999, 253_402_300_799_999, -62_135_596_800_000,
    ];
    const [first, last] = [-62_135_596_800_000, 253_402_300_799_999]; // 0001-01-01 … 9999-12-31
    const random = Array.from({ length: 20_000 }, () => first + Math.floor(Math.random() * (last - first)));
    for (const ms of [...fixed, ...random]) expect(isoOfMs(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it("reads PostgreSQL's timestamptz text, microseconds and offsets included", () => {
    expect(isoOfMs(timestampMs('2026-11-23 08:07:53.047123+00'))).toBe('2026-11-23T08:07:53.047Z');
    expect(isoOfMs(timestampMs('2026-11-23 16:07:53.5+08'))).toBe('2026-11-23T08:07:53.500Z');
    expect(isoOfMs(timestampMs('2026-02-28 23:59:59+00'))).toBe('2026-02-28T23:59:59.000Z');
  });
});
