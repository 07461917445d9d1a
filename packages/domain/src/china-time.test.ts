import { describe, expect, it } from 'vitest';
import {
  CHINA_TIME_ZONE,
  chinaDate,
  chinaHour,
  chinaParts,
  chinaStartOfDay,
  chinaWallClock,
  formatChinaDate,
  formatChinaDateTime,
} from './china-time.ts';

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

  it('the wall clock reads China time in its UTC fields, whatever the input form', () => {
    const wall = chinaWallClock('2026-03-31T16:30:05.250Z');
    expect(wall.toISOString()).toBe('2026-04-01T00:30:05.250Z');
    expect(chinaWallClock(new Date('2026-03-31T16:30:05.250Z')).getTime()).toBe(wall.getTime());
    expect(chinaWallClock(Date.parse('2026-03-31T16:30:05.250Z')).getTime()).toBe(wall.getTime());
    expect(Number.isNaN(chinaWallClock('not a date').getTime())).toBe(true);
  });

  it('the parts of an instant are China wall-clock fields, months counted from 1', () => {
    expect(chinaParts(new Date('2026-12-31T16:05:09Z'))).toEqual({ year: 2027, month: 1, day: 1, hour: 0, minute: 5, second: 9 });
  });

  it('the zone has one IANA name, with the same offset as the arithmetic', () => {
    const instant = new Date('2026-07-01T18:00:00Z');
    const byIntl = new Intl.DateTimeFormat('en-CA', {
      timeZone: CHINA_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(instant);
    expect(byIntl).toBe(chinaDate(instant));
  });
});
