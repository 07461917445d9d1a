import { describe, expect, it } from 'vitest';
import { chinaDate, chinaHour, chinaStartOfDay, formatChinaDate, formatChinaDateTime } from './china-time.ts';

describe('China time', () => {
  it('a UTC evening is the next morning in China', () => {
    const instant = new Date('2026-01-31T16:30:05Z');
    expect(chinaDate(instant)).toBe('2026-02-01');
    expect(chinaHour(instant)).toBe(0);
    expect(formatChinaDateTime(instant)).toBe('2026-02-01 00:30:05');
  });

  it('the start of a China day is 16:00 UTC the day before', () => {
    expect(chinaStartOfDay('2026-03-01').toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(chinaDate(chinaStartOfDay('2026-03-01'))).toBe('2026-03-01');
  });

  it('missing or invalid instants format as empty text, ISO dates stay as they are', () => {
    expect(formatChinaDateTime(null)).toBe('');
    expect(formatChinaDateTime('')).toBe('');
    expect(formatChinaDateTime('not a date')).toBe('');
    expect(formatChinaDate('2026-12-31')).toBe('2026-12-31');
    expect(formatChinaDate('2026-12-31T20:00:00Z')).toBe('2027-01-01');
  });
});
